# label: same-values
# flax-error: none
# class: 3 the scan body passes the perturber fresh Rngs built from the CrystallisationSampler's key attribute
"""Ensemble of crystallisation-rate perturbations for the salt harvest forecast."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


@dataclass(frozen=True)
class EnsembleConfig:
    members: int = 6
    gauges: int = 4
    seed: int = 77


class BrinePerturber(nnx.Module):
    def __init__(self, gauges: int, rngs: nnx.Rngs):
        self.response = nnx.Linear(gauges, gauges, rngs=rngs)
        self.spread = nnx.Param(jnp.full((gauges,), 0.1))

    def __call__(self, level, rngs: nnx.Rngs):
        noise = jax.random.normal(rngs.evaporation(), level.shape)
        return self.response(level) + self.spread[...] * noise


class CrystallisationSampler:
    def __init__(self, config: EnsembleConfig):
        self.config = config
        self.model = BrinePerturber(config.gauges, nnx.Rngs(0))
        self.key = jax.random.key(config.seed)

    def _member(self, carry, level):
        return carry, self.model(level, rngs=nnx.Rngs(evaporation=self.key))

    def ensemble(self, level):
        levels = jnp.broadcast_to(level, (self.config.members,) + level.shape)
        _, members = lax.scan(self._member, None, levels)
        return members


def main():
    sampler = CrystallisationSampler(EnsembleConfig())
    return sampler.ensemble(jnp.array([0.82, 0.76, 0.9, 0.68]))
