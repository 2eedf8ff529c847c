# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 DimmerRack.rngs (an nnx.Rngs with a 'flicker' stream) drawn from in the fori_loop body
"""Stage lighting: simulate incandescent flicker on a dimmer rack over a fade."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DimmerCurve(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.curve = nnx.Linear(channels, channels, rngs=rngs)

    def __call__(self, level):
        return nnx.sigmoid(self.curve(level))


class DimmerRack:
    def __init__(self, channels: int, steps: int, seed: int):
        self.curve = DimmerCurve(channels, nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(flicker=seed + 1)
        self.channels = channels
        self.steps = steps

    def fade(self, start):
        out = jnp.zeros((self.steps, self.channels))

        def body(i, buf):
            flicker = 0.03 * jax.random.normal(self.rngs.flicker(), (self.channels,))
            level = self.curve(start * (1.0 - i / self.steps) + flicker)
            return buf.at[i].set(level)

        return lax.fori_loop(0, self.steps, body, out)


def main():
    rack = DimmerRack(channels=6, steps=5, seed=3)
    start = jnp.linspace(0.2, 1.0, 6)
    return rack.fade(start) - rack.curve(jnp.zeros(6))
