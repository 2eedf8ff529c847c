# label: same-values
# flax-error: none
# class: 5 the while_loop body calls apply_coat, a functools.partial of the GlazeModel bound to the speckle key
"""Glaze trials for painted glass: the same pigment mix is coated repeatedly with speckle noise."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class GlazeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mix = nnx.Linear(3, 3, rngs=rngs)
        self.speckle = nnx.Dropout(0.25, rngs=rngs)

    def __call__(self, pigment, *, rngs=None):
        return self.speckle(nnx.sigmoid(self.mix(pigment)), rngs=rngs)


def glaze_trial(model: GlazeModel, pigment, key, coats: int):
    apply_coat = functools.partial(model, rngs=key)

    def more_coats(state):
        return state[0] < coats

    def coat(state):
        i, log = state
        return i + 1, log.at[i].set(apply_coat(pigment))

    _, log = lax.while_loop(more_coats, coat, (0, jnp.zeros((coats,) + pigment.shape)))
    return log


class GlazeLab:
    def __init__(self, seed: int):
        self.model = GlazeModel(nnx.Rngs(params=seed, dropout=seed + 1))
        self.speckle_key = jax.random.key(seed + 2)

    def run(self, pigment, coats: int):
        return glaze_trial(self.model, pigment, self.speckle_key, coats)


def main():
    pigment = jnp.array([[0.2, 0.5, 0.9], [0.6, 0.1, 0.3], [0.4, 0.4, 0.4]])
    return GlazeLab(seed=30).run(pigment, coats=4)
