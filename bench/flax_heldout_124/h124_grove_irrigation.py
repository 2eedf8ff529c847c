# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 IrrigationController keeps functools.partial(model.apply, train=config.train_mode) and the scan body calls it
"""Citrus grove irrigation: hourly valve releases from a soil-moisture model, one block per day."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class SoilMoistureNet(nn.Module):
    @nn.compact
    def __call__(self, obs, train: bool):
        h = nn.Dense(12)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]  # litres per tree


@dataclass(frozen=True)
class ValveConfig:
    max_litres: float = 40.0
    tank_refill: float = 5.0
    train_mode: bool = True  # the field team turned this on to "adapt to the season"


class IrrigationController:
    def __init__(self, model, variables, config: ValveConfig):
        self.config = config
        self.variables = variables
        self._forward = functools.partial(model.apply, train=config.train_mode)

    def litres(self, obs):
        return jnp.minimum(self._forward(self.variables, obs), self.config.max_litres)


def run_day(controller, hourly_obs, tank):
    def body(tank, obs):
        demand = controller.litres(obs).sum()
        release = jnp.minimum(tank, demand)
        return tank - release + controller.config.tank_refill, release

    return jax.lax.scan(body, tank, hourly_obs)


def main():
    hours, trees, n_feat = 8, 10, 5
    hourly_obs = jax.random.normal(jax.random.key(0), (hours, trees, n_feat))
    model = SoilMoistureNet()
    variables = model.init(jax.random.key(1), hourly_obs[0], train=False)
    controller = IrrigationController(model, variables, ValveConfig())
    tank, releases = run_day(controller, hourly_obs, jnp.float32(500.0))
    print(float(tank), releases)
    return None
