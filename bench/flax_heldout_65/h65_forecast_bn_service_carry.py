# label: ok
# flax-error: none
# class: 4 a ForecastService holds a config and a Predictor; batch_stats travel in the horizon scan carry with mutable=['batch_stats']
"""Forecasting service that rolls a BatchNorm MLP forward over a horizon (stats carried)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class Forecaster(nn.Module):
    hidden: int = 16
    features: int = 4

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return x + nn.Dense(self.features)(h)


@dataclasses.dataclass
class ServiceConfig:
    horizon: int = 6
    train_mode: bool = True


class Predictor:
    def __init__(self, model, variables, config):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.config = config

    def __call__(self, batch_stats, x):
        y, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats},
            x,
            train=self.config.train_mode,
            mutable=["batch_stats"],
        )
        return updates["batch_stats"], y


class ForecastService:
    def __init__(self, predictor: Predictor):
        self.predictor = predictor

    def rollout(self, history):
        def step(carry, _):
            batch_stats, x = carry
            batch_stats, y = self.predictor(batch_stats, x)
            return (batch_stats, y), y

        (stats, _), path = jax.lax.scan(
            step, (self.predictor.batch_stats, history), None, length=self.predictor.config.horizon
        )
        self.predictor.batch_stats = stats
        return path


def main():
    model = Forecaster()
    x0 = jnp.ones((8, 4))
    variables = model.init(jax.random.key(0), x0)
    service = ForecastService(Predictor(model, variables, ServiceConfig()))
    service.rollout(x0).block_until_ready()
    return None
