# label: ok
# flax-error: none
# class: 5 a sampler factory closes over the risk model and its variables; dropout keys are split before the loop and scanned as xs
"""Monte-Carlo dropout estimate of overdue risk for a patron's open loans."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.lax as lax
import jax.numpy as jnp
import flax.linen as nn


class OverdueRisk(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, loans, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(loans))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(1)(h))[:, 0]


@dataclass(frozen=True)
class RiskQuery:
    patron_id: int
    loans: jax.Array
    samples: int = 8


def make_sampler(model: OverdueRisk, variables) -> Callable:
    def sample(carry, key):
        probs = model.apply(variables, carry, deterministic=False, rngs={"dropout": key})
        return carry, probs

    return sample


class RiskService:
    def __init__(self, model: OverdueRisk, variables, seed: int):
        self.model = model
        self.variables = variables
        self.seed = seed

    def estimate(self, query: RiskQuery):
        key = jax.random.fold_in(jax.random.key(self.seed), query.patron_id)
        sampler = make_sampler(self.model, self.variables)
        _, draws = lax.scan(sampler, query.loans, jax.random.split(key, query.samples))
        return draws


def main():
    model = OverdueRisk()
    loans = jnp.array([[3.0, 0.0, 1.0, 14.0], [1.0, 1.0, 0.0, 30.0], [0.0, 2.0, 1.0, 7.0]])
    variables = model.init(jax.random.key(0), loans)
    service = RiskService(model, variables, seed=2024)
    return service.estimate(RiskQuery(patron_id=5521, loans=loans))
