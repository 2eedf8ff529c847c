# label: ok
# flax-error: none
# class: 5 a factory returns the scan step; the variables are initialised before the loop and carried through it
"""Vineyard frost protection: overnight wind-machine duty from a frost-risk model."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn


class FrostRisk(nn.Module):
    @nn.compact
    def __call__(self, weather):
        h = nn.relu(nn.Dense(12)(weather))
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


def make_frost_step(model: nn.Module, key, cooling: float = 0.4):
    """Returns (init_variables, step) for lax.scan; the variables travel in the carry."""

    def init_variables(sample_weather):
        return model.init(key, sample_weather)

    def step(carry, weather):
        canopy_temp, variables = carry
        risk = model.apply(variables, weather)
        fans_on = risk > 0.5
        canopy_temp = canopy_temp - cooling + jnp.where(fans_on, 0.6, 0.0)
        return (canopy_temp, variables), fans_on

    return init_variables, step


class FrostGuard:
    def __init__(self, blocks: int = 5, seed: int = 0):
        self.blocks = blocks
        self.init_variables, self.step = make_frost_step(FrostRisk(), jax.random.key(seed))
        self.variables = None

    def run_night(self, weather):
        if self.variables is None:
            self.variables = self.init_variables(weather[0])
        start = (jnp.full((self.blocks,), 2.0), self.variables)
        (final_temp, self.variables), fans = jax.lax.scan(self.step, start, weather)
        return final_temp, fans

    def checkpoint_summary(self):
        leaves = jax.tree.leaves(self.variables)
        return sum(jnp.sum(leaf**2) for leaf in leaves)


def main():
    guard = FrostGuard()
    weather = jax.random.normal(jax.random.key(4), (8, 5, 4))
    final_temp, fans = guard.run_night(weather)
    summary = guard.checkpoint_summary()
    jax.block_until_ready((final_temp, summary))
    return None
