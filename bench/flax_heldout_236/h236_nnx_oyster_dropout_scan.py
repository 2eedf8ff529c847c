# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the hatchery reaches its sampler's spat network, whose Dropout holds its own rng stream, through two objects inside the scan body
"""Oyster hatchery spat-settlement sampler: stochastic settlement estimates for each survey day."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SpatNet(nnx.Module):
    def __init__(self, features: int, hidden: int, rate: float, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, hidden, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, survey, *, rngs=None):
        h = nnx.gelu(self.encode(survey))
        return self.head(self.drop(h, rngs=rngs))[..., 0]


class SettlementSampler:
    def __init__(self, features: int, seed: int = 0):
        self.rngs = nnx.Rngs(params=seed, dropout=seed + 1)
        self.net = SpatNet(features, 10, 0.35, rngs=self.rngs)


class Hatchery:
    def __init__(self, name: str, sampler: SettlementSampler):
        self.name = name
        self.sampler = sampler

    def survey_days(self, survey, days: int):
        def day(carry, _):
            return carry, self.sampler.net(survey)

        _, settlement = scan(day, None, None, length=days)
        return settlement


def main():
    survey = jnp.array([[21.0, 0.3, 7.8], [19.5, 0.28, 8.0]]) / 20.0
    hatchery = Hatchery("whitstable", SettlementSampler(features=3))
    return hatchery.survey_days(survey, days=5)
