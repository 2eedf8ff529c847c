# label: same-values
# flax-error: none
# class: 1 GerminationSampler.trials, a method of the module that owns the 'germ' Rngs, draws a key from it and runs jax.lax.scan with that key as carry
"""Germination trials for seed-bank accessions: the same accessions are re-tested in every trial."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx


class GerminationSampler(nnx.Module):
    def __init__(self, traits: int, seed: int, spread: float = 0.05):
        self.rate = nnx.Linear(traits, 1, rngs=nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(germ=seed + 1)
        self.spread = spread

    def expected(self, accessions):
        return nnx.sigmoid(self.rate(accessions)).squeeze(-1)

    def trials(self, accessions, n: int):
        expected = self.expected(accessions)
        germ_key = self.rngs.germ()

        def trial(germ_key, _):
            noise = self.spread * jax.random.normal(germ_key, expected.shape)
            return germ_key, jnp.clip(expected + noise, 0.0, 1.0)

        _, outcomes = jax.lax.scan(trial, germ_key, None, length=n)
        return outcomes


class AccessionRegister:
    def __init__(self, count: int, traits: int, seed: int):
        self.traits = jax.random.uniform(jax.random.key(seed), (count, traits))

    def batch(self):
        return self.traits


def main():
    register = AccessionRegister(count=6, traits=3, seed=12)
    sampler = GerminationSampler(traits=3, seed=21)
    return sampler.trials(register.batch(), n=5)
