# label: ok
# flax-error: none
# class: 5 make_dose_step(model, params, ...) returns the fori_loop body; it applies the dosing model in train mode with mutable=['batch_stats'] and carries the stats through the loop
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


def make_dose_step(model, params, physics, train=True):
    def step(hour, state):
        tank, batch_stats = state
        dose, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, tank, train=train, mutable=["batch_stats"]
        )
        return physics(tank, dose), updates["batch_stats"]

    return step


class DosingScheduler:
    def __init__(self, step_fn, batch_stats, hours=10):
        self.step_fn = step_fn
        self.batch_stats = batch_stats
        self.hours = hours

    def run_night(self, tank):
        tank, self.batch_stats = jax.lax.fori_loop(0, self.hours, self.step_fn, (tank, self.batch_stats))
        return tank


def main():
    tank = jax.random.uniform(jax.random.key(7), (6, 5), minval=0.8, maxval=1.6)
    model = DosingPolicy()
    variables = model.init(jax.random.key(0), tank)
    step = make_dose_step(model, variables["params"], TankPhysics())
    scheduler = DosingScheduler(step, variables["batch_stats"])
    final = scheduler.run_night(tank)
    final.block_until_ready()
    return None
