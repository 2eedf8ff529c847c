# label: ok
# flax-error: none
# class: 3 monitor.model and monitor.variables (attributes of one FermentationMonitor) are applied in the scan body in eval mode (train_mode=False), so only params and running stats are read
"""Winery cellar monitoring: a gravity model forecasts sugar depletion for every
tank from sensor readings; the monitor is configured by a frozen config object."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    train_mode: bool = True
    alert_gravity: float = 1.010


class GravityModel(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.features)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class FermentationMonitor:
    def __init__(self, model, variables, config: MonitorConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def forecast(self, readings):
        def step(alerts, reading):
            gravity = self.model.apply(self.variables, reading, train=self.config.train_mode)
            alerts = alerts + (gravity < self.config.alert_gravity).sum()
            return alerts, gravity

        return scan(step, jnp.zeros((), jnp.int32), readings)


def main():
    model = GravityModel()
    readings = jax.random.normal(jax.random.key(0), (6, 12, 5))
    variables = model.init(jax.random.key(1), readings[0], train=False)
    monitor = FermentationMonitor(model, variables, MonitorConfig(train_mode=False))
    alerts, gravities = monitor.forecast(readings)
    jnp.asarray(alerts).block_until_ready()
    return None
