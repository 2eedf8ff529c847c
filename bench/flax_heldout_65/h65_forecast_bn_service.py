# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a ForecastService holds a config and a Predictor whose apply wrapper is called in the horizon scan body
"""Forecasting service that rolls a BatchNorm MLP forward over a horizon."""
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
    train_mode: bool = True  # "keep normalisation adaptive while forecasting"


class Predictor:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config

    def __call__(self, x):
        return self.model.apply(self.variables, x, train=self.config.train_mode)


class ForecastService:
    def __init__(self, predictor: Predictor):
        self.predictor = predictor

    def rollout(self, history):
        def step(x, _):
            y = self.predictor(x)
            return y, y

        _, path = jax.lax.scan(step, history, None, length=self.predictor.config.horizon)
        return path


def main():
    model = Forecaster()
    x0 = jnp.ones((8, 4))
    variables = model.init(jax.random.key(0), x0)
    service = ForecastService(Predictor(model, variables, ServiceConfig()))
    service.rollout(x0).block_until_ready()
    return None
