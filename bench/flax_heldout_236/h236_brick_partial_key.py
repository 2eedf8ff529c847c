# label: same-values
# flax-error: none
# class: 5 a glaze sampler from an __init_subclass__ registry binds variables and a 'glaze' rng key into a functools.partial of apply, called in the fori_loop body
"""Brick glaze sampling: draws colour variations for successive kiln loads of a glaze recipe."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop as repeat


class GlazeVariation(nn.Module):
    channels: int = 3
    spread: float = 0.2

    @nn.compact
    def __call__(self, recipe):
        tone = nn.sigmoid(nn.Dense(self.channels, name="tone")(recipe))
        noise = jax.random.uniform(self.make_rng("glaze"), tone.shape, minval=-1.0, maxval=1.0)
        return jnp.clip(tone + self.spread * noise, 0.0, 1.0)


class GlazeSampler:
    catalogue: dict[str, type[GlazeSampler]] = {}
    module_cls = GlazeVariation

    def __init_subclass__(cls, /, recipe_name: str | None = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if recipe_name is not None:
            GlazeSampler.catalogue[recipe_name] = cls

    def __init__(self, recipe, seed: int):
        self.module = self.module_cls()
        init_key, self.glaze_key = jax.random.split(jax.random.key(seed))
        self.variables = self.module.init({"params": init_key, "glaze": init_key}, recipe)

    def sampler(self):
        return functools.partial(self.module.apply, self.variables, rngs={"glaze": self.glaze_key})


class SaltGlaze(GlazeSampler, recipe_name="salt"):
    module_cls = functools.partial(GlazeVariation, spread=0.3)


class AshGlaze(GlazeSampler, recipe_name="ash"):
    pass


def sample_loads(recipe_name: str, recipe, loads: int, seed: int = 0):
    draw = GlazeSampler.catalogue[recipe_name](recipe, seed).sampler()
    colours = jnp.zeros((loads,) + recipe.shape[:-1] + (3,))

    def load(index, acc):
        return acc.at[index].set(draw(recipe))

    return repeat(0, loads, load, colours)


def main():
    recipe = jnp.array([[0.6, 0.1, 0.25, 0.05]])
    return sample_loads("salt", recipe, loads=4)
