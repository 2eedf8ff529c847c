# label: ok
# flax-error: none
# class: 4 the harvest runner reaches its pool's model and variables through two objects; the pool's dropout key is split before the scan and scanned as xs
"""Oyster harvest forecasting: Monte-Carlo dropout estimates of yield over successive survey days."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


class YieldHead(nn.Module):
    hidden: int = 12
    rate: float = 0.4

    @nn.compact
    def __call__(self, survey, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(survey))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


@dataclass
class ModelPool:
    model: YieldHead
    variables: dict
    key: jax.Array

    @classmethod
    def create(cls, survey_shape, seed: int = 0):
        model = YieldHead()
        params_key, dropout_key = jax.random.split(jax.random.key(seed))
        variables = model.init(params_key, jnp.zeros(survey_shape))
        return cls(model, variables, dropout_key)


class HarvestRunner:
    def __init__(self, pool: ModelPool, days: int):
        self.pool = pool
        self.days = days

    def forecast(self, survey):
        def day(carry, day_key):
            estimate = self.pool.model.apply(
                self.pool.variables, survey, deterministic=False, rngs={"dropout": day_key}
            )
            return carry, estimate

        _, estimates = scan(day, None, jax.random.split(self.pool.key, self.days))
        return estimates


def main():
    survey = jnp.array([[0.31, 18.5, 7.9, 0.2], [0.29, 17.0, 8.1, 0.4]])
    runner = HarvestRunner(ModelPool.create(survey.shape), days=5)
    return runner.forecast(survey)
