# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_dose_step(model, variables, ...) returns the fori_loop body; it applies the BatchNorm dosing model in train mode without a mutable collection
"""Hydroponic nutrient dosing: a scheduler steps the EC/pH dosing policy through the night."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class DosingPolicy(nn.Module):
    pumps: int = 3

    @nn.compact
    def __call__(self, tank, train: bool = False):
        h = nn.Dense(20)(tank)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(self.pumps)(nn.swish(h)))


@dataclass(frozen=True)
class TankPhysics:
    uptake: float = 0.03
    pump_gain: float = 0.02

    def __call__(self, tank, dose):
        return tank - self.uptake * tank + self.pump_gain * dose.sum(-1, keepdims=True)


def make_dose_step(model, variables, physics, train=True):
    def step(hour, tank):
        dose = model.apply(variables, tank, train=train)
        return physics(tank, dose)

    return step


class DosingScheduler:
    def __init__(self, step_fn, hours=10):
        self.step_fn = step_fn
        self.hours = hours

    def run_night(self, tank):
        return jax.lax.fori_loop(0, self.hours, self.step_fn, tank)


def main():
    tank = jax.random.uniform(jax.random.key(7), (6, 5), minval=0.8, maxval=1.6)
    model = DosingPolicy()
    variables = model.init(jax.random.key(0), tank)
    scheduler = DosingScheduler(make_dose_step(model, variables, TankPhysics()))
    final = scheduler.run_night(tank)
    final.block_until_ready()
    return None
