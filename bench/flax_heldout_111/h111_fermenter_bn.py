# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the FermentationMonitor's GravityForecaster helper holds model.bind(variables); the bound model runs with train=True in the scan body
"""Brewery fermentation control: forecasts the next specific-gravity readings of every tank,
batch after batch of sensor windows, from a forecaster with batch normalization."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class CellarConfig:
    n_tanks: int = 6
    window: int = 8
    hidden: int = 12


class GravityNet(nn.Module):
    cfg: CellarConfig

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.cfg.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.gelu(h)).squeeze(-1)


class GravityForecaster:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def predict(self, readings, train: bool):
        return self.bound(readings, train)


class FermentationMonitor:
    def __init__(self, forecaster: GravityForecaster, alarm_drop: float = 0.5):
        self.forecaster = forecaster
        self.alarm_drop = alarm_drop

    def forecast_batches(self, batches):
        def one_batch(n_alarms, readings):
            gravity = self.forecaster.predict(readings, train=True)
            n_alarms = n_alarms + jnp.sum(gravity < -self.alarm_drop)
            return n_alarms, gravity

        return scan(one_batch, jnp.zeros((), jnp.int32), batches)


def main():
    cfg = CellarConfig()
    model = GravityNet(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.n_tanks, cfg.window)), False)
    monitor = FermentationMonitor(GravityForecaster(model, variables))
    batches = jax.random.normal(jax.random.key(1), (4, cfg.n_tanks, cfg.window))
    n_alarms, _ = monitor.forecast_batches(batches)
    print(int(n_alarms))
    return None
