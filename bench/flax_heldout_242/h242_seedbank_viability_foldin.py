# label: ok
# flax-error: none
# class: 1 ViabilityModel.survey, a method of the module that owns the 'germination' rng stream, runs lax.scan and draws from the stream in the body
"""Viability survey of a seed bank: every drawer re-tests the same accessions with fresh germination noise."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ViabilityModel(nn.Module):
    hidden: int = 8
    spread: float = 0.05

    @nn.compact
    def __call__(self, traits):
        h = nn.tanh(nn.Dense(self.hidden, name="trait_embed")(traits))
        return nn.sigmoid(nn.Dense(1, name="rate")(h)).squeeze(-1)

    def survey(self, traits, drawers: int):
        expected = self(traits)
        stream = self.make_rng("germination")

        def open_drawer(carry, drawer):
            key = jax.random.fold_in(stream, drawer)
            noise = jax.random.uniform(key, expected.shape, minval=-self.spread, maxval=self.spread)
            return carry, jnp.clip(expected + noise, 0.0, 1.0)

        _, rates = lax.scan(open_drawer, None, jnp.arange(drawers))
        return rates


class SeedBank:
    def __init__(self, accessions: int, traits: int, seed: int = 3):
        self.seed = seed
        self.traits = jax.random.normal(jax.random.key(seed), (accessions, traits))
        self.model = ViabilityModel()
        self.variables = self.model.init(jax.random.key(seed + 1), self.traits)

    def annual_check(self, drawers: int):
        return self.model.apply(
            self.variables, self.traits, drawers,
            method=ViabilityModel.survey,
            rngs={"germination": jax.random.key(self.seed + 2)},
        )


def main():
    bank = SeedBank(accessions=5, traits=4)
    return bank.annual_check(drawers=6)
