# label: ok
# flax-error: none
# class: 1 SpawnSimulator.simulate runs lax.scan itself; it draws one key from its own self.rngs.spawn() before the loop and the body folds the season index into it
"""Seasonal spawning-outcome simulator for the hatchery's broodstock planning."""

from __future__ import annotations

from typing import NamedTuple

import jax.numpy as jnp
from flax import nnx
from jax import lax, random


class Clutch(NamedTuple):
    tank: str
    traits: jnp.ndarray


class SpawnSimulator(nnx.Module):
    def __init__(self, traits: int, outcomes: int, rngs: nnx.Rngs):
        self.rngs = rngs
        self.trunk = nnx.Linear(traits, outcomes, rngs=rngs)
        self.spread = nnx.Param(jnp.full((outcomes,), 0.25))

    def simulate(self, clutch: Clutch, seasons: int):
        key = self.rngs.spawn()

        def season(t, traits):
            expected = nnx.softplus(self.trunk(traits))
            season_key = random.fold_in(key, t)
            return t + 1, expected * jnp.exp(self.spread[...] * random.normal(season_key, expected.shape))

        _, outcomes = lax.scan(season, 0, jnp.broadcast_to(clutch.traits, (seasons,) + clutch.traits.shape))
        return outcomes


def main():
    clutch = Clutch("raceway-3", jnp.array([0.4, 1.2, 0.7, 0.9]))
    simulator = SpawnSimulator(traits=4, outcomes=3, rngs=nnx.Rngs(params=0, spawn=8))
    return simulator.simulate(clutch, seasons=5)
