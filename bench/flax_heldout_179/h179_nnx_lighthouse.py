# label: same-values
# flax-error: none
# class: 5 a factory returns a step closure that rebuilds the model with nnx.merge(graphdef, state, copy=True) from the split state it captured, so every step starts from the same dropout RngCount
"""Lighthouse beam monitoring: simulates lamp flicker from a learned degradation model."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LampModel(nnx.Module):
    def __init__(self, n_segments: int, rngs: nnx.Rngs):
        self.wear = nnx.Linear(n_segments, n_segments, rngs=rngs)
        self.flicker = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, intensity):
        return self.flicker(jnp.ones_like(intensity)) * nnx.sigmoid(self.wear(intensity))


def make_flicker_step(graphdef, state, decay: float):
    def step(intensity, night):
        lamp = nnx.merge(graphdef, state, copy=True)
        lit = lamp(intensity)
        return decay * intensity + (1 - decay) * lit, lit > 0

    return step


class BeamMonitor:
    def __init__(self, model: LampModel, step_factory):
        graphdef, state = nnx.split(model)
        self.step = step_factory(graphdef, state)

    def nights(self, intensity, n_nights: int):
        _, lit = jax.lax.scan(self.step, intensity, jnp.arange(n_nights))
        return lit


def main():
    model = LampModel(10, nnx.Rngs(params=0, dropout=1))
    monitor = BeamMonitor(model, functools.partial(make_flicker_step, decay=0.95))
    return monitor.nights(jnp.ones((10,)), n_nights=8)


if __name__ == "__main__":
    print(main())
