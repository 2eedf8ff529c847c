# label: ok
# flax-error: none
# class: 5 make_haze_step() factory returns functools.partial(_haze_step, model, key=key); the scan step calls the model's dropout with the captured key folded with the frame index
"""Stage lighting: sample haze density fields for a beam visualiser with a stochastic diffuser net."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HazeDiffuser(nnx.Module):
    def __init__(self, cells: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(cells, cells, rngs=rngs)
        self.dropout = nnx.Dropout(0.4, deterministic=False)
        self.out = nnx.Linear(cells, cells, rngs=rngs)

    def __call__(self, density, key):
        h = self.dropout(nnx.relu(self.mix(density)), rngs=key)
        return nnx.sigmoid(self.out(h))


def _haze_step(model, carry, t, *, key):
    density = model(carry, jax.random.fold_in(key, t))
    return carry, density.mean(axis=0)


def make_haze_step(model: HazeDiffuser, seed: int):
    key = jax.random.key(seed)
    return functools.partial(_haze_step, model, key=key)


class HazeVisualiser:
    def __init__(self, cells: int = 10, frames: int = 5, seed: int = 9):
        self.model = HazeDiffuser(cells, nnx.Rngs(0))
        self.frames = frames
        self.step = make_haze_step(self.model, seed)

    def render(self, density):
        _, fields = jax.lax.scan(self.step, density, jnp.arange(self.frames))
        return fields


def main():
    density = jnp.linspace(0.0, 1.0, 3 * 10).reshape(3, 10)
    return HazeVisualiser().render(density)
