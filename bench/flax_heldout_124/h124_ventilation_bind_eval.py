# label: ok
# flax-error: none
# class: 4 VentilationPlanner.helper holds model.bind(variables); the fori_loop body calls helper.fan_duty with the planner config's train flag turned off
"""Subway ventilation: fan duty for three shafts over a service interval."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class AirflowModel(nn.Module):
    @nn.compact
    def __call__(self, sensors, train: bool):
        h = nn.Dense(10)(sensors)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(3)(nn.relu(h)))


class BoundModelHelper:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def fan_duty(self, sensors, train):
        return self.bound(sensors, train=train)


@dataclass(frozen=True)
class PlannerConfig:
    n_intervals: int = 6
    kw_per_duty: float = 45.0
    adapt_statistics: bool = False



class VentilationPlanner:
    def __init__(self, helper: BoundModelHelper, config: PlannerConfig):
        self.helper = helper
        self.config = config

    def energy(self, sensor_log):
        def body(i, kwh):
            duty = self.helper.fan_duty(sensor_log[i], train=self.config.adapt_statistics)
            return kwh + self.config.kw_per_duty * duty.sum()

        return jax.lax.fori_loop(0, self.config.n_intervals, body, jnp.float32(0.0))


def main():
    sensor_log = jax.random.normal(jax.random.key(0), (6, 4, 7))
    model = AirflowModel()
    variables = model.init(jax.random.key(1), sensor_log[0], train=False)
    planner = VentilationPlanner(BoundModelHelper(model, variables), PlannerConfig())
    print(float(planner.energy(sensor_log)))
    return None
