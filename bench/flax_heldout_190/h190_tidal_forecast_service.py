# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 batch_stats reach the scan body through ForecastService.pool -> ModelSession.variables -> TidalForecaster.encoder's BatchNorm, applied in train mode
"""Harbour tide-level forecasting service.

Each tide gauge station sends its last few readings; the service rolls the forecaster forward
autoregressively over the horizon. A pool of model sessions is shared between stations, and the
rollout can adapt normalisation online when the gauges drift after a storm.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class TideEncoder(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, window, train: bool):
        h = nn.Dense(self.features)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.swish(h)


class TidalForecaster(nn.Module):
    def setup(self):
        self.encoder = TideEncoder()
        self.head = nn.Dense(1)

    def __call__(self, window, train: bool = False):
        return self.head(self.encoder(window, train))[..., 0]


class ModelSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def predict(self, window, train: bool):
        return self.model.apply(self.variables, window, train=train)


@dataclasses.dataclass(frozen=True)
class ServiceConfig:
    lag: int = 8
    horizon: int = 6
    pool_size: int = 2
    adapt_online: bool = True


class ForecastService:
    def __init__(self, model, variables, config: ServiceConfig):
        self.config = config
        self.pool = [ModelSession(model, variables) for _ in range(config.pool_size)]

    def session_for(self, station_id: int) -> ModelSession:
        return self.pool[station_id % len(self.pool)]

    def rollout(self, station_id: int, history):
        session = self.session_for(station_id)

        def step(window, _):
            level = session.predict(window, train=self.config.adapt_online)
            window = jnp.concatenate([window[:, 1:], level[:, None]], axis=1)
            return window, level

        _, levels = scan(step, history, None, length=self.config.horizon)
        return levels


def main():
    config = ServiceConfig()
    model = TidalForecaster()
    history = jnp.sin(jnp.arange(2 * config.lag, dtype=jnp.float32) / 3.0).reshape(2, config.lag)
    variables = model.init(jax.random.key(0), history)
    service = ForecastService(model, variables, config)
    for station in (3, 4):
        service.rollout(station, history)
    return None
