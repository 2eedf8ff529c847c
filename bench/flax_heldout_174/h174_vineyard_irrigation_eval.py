# label: ok
# flax-error: none
# class: 5 make_irrigation_step(model, variables, update_ema=False) returns a step function; jax.lax.scan runs it and the module only reads its "moisture_ema" collection
"""Vineyard irrigation scheduling.

A factory builds the per-hour step function from the trained soil model; the step
can keep the model's exponential moving average of soil moisture up to date.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BlockSpec:
    name: str
    sensors: int
    valve_litres_per_hour: float


class SoilMoistureModel(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, probes, update_ema: bool = False):
        ema = self.variable("moisture_ema", "level", lambda: jnp.zeros(probes.shape[-1]))
        if update_ema and not self.is_initializing():
            ema.value = self.decay * ema.value + (1.0 - self.decay) * probes
        deficit = nn.Dense(1)(jnp.concatenate([probes, ema.value], -1))
        return nn.relu(deficit.squeeze(-1))


def make_irrigation_step(model, variables, block: BlockSpec, update_ema: bool):
    def step(water_used, probes):
        deficit = model.apply(variables, probes, update_ema=update_ema)
        litres = jnp.minimum(deficit * 10.0, block.valve_litres_per_hour)
        return water_used + litres, litres

    return step


class IrrigationScheduler:
    def __init__(self, step_factory):
        self.step_factory = step_factory

    def plan_day(self, model, variables, block, hourly_probes, update_ema):
        step = self.step_factory(model, variables, block, update_ema)
        total, per_hour = jax.lax.scan(step, jnp.zeros(()), hourly_probes)
        return total, per_hour


def main():
    block = BlockSpec("syrah-north", sensors=5, valve_litres_per_hour=40.0)
    model = SoilMoistureModel()
    hourly = jax.random.uniform(jax.random.key(0), (24, block.sensors))
    variables = model.init(jax.random.key(1), hourly[0])
    scheduler = IrrigationScheduler(make_irrigation_step)
    scheduler.plan_day(model, variables, block, hourly, update_ema=False)
    return None
