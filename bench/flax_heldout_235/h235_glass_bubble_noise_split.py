# label: ok
# flax-error: none
# class: 5 jax.checkpoint wraps GatherModel._turn as the scan body; keys split from the 'bubbles' stream before the loop arrive as xs
"""Seed-bubble model for a gather turned on the blowpipe: each turn may trap bubbles in the melt."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import jax.random as jrandom
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class GatherSpec:
    turns: int = 5
    layers: int = 8
    bubble_rate: float = 0.4


class GatherModel(nn.Module):
    spec: GatherSpec

    def setup(self):
        self.viscosity = self.param("viscosity", nn.initializers.constant(0.7), (self.spec.layers,))
        self.seeds = nn.Dropout(self.spec.bubble_rate, rng_collection="bubbles")

    def _turn(self, melt, inputs):
        layer, key = inputs
        trapped = self.seeds(layer * self.viscosity, deterministic=False, rng=key)
        return melt + trapped.sum(), trapped

    def __call__(self, layers):
        keys = jrandom.split(self.make_rng("bubbles"), layers.shape[0])
        turn = jax.checkpoint(self._turn)
        _, per_turn = scan(turn, jnp.zeros(()), (layers, keys))
        return per_turn


class BubbleStudy:
    def __init__(self, spec: GatherSpec = GatherSpec()):
        self.spec = spec
        self.model = GatherModel(spec)

    def layers(self):
        return jnp.ones((self.spec.turns, self.spec.layers))

    def run(self):
        layers = self.layers()
        variables = self.model.init({"params": jrandom.key(0), "bubbles": jrandom.key(1)}, layers)
        return self.model.apply(variables, layers, rngs={"bubbles": jrandom.key(42)})


def main():
    return BubbleStudy().run()
