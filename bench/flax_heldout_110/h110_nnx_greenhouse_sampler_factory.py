# label: same-values
# flax-error: none
# class: 5 build_scenario_sampler(model, rngs) draws a key from the rngs.weather stream when it builds the step function; the while_loop body calls that step, which reuses the key for every scenario
"""Greenhouse irrigation: sample weather scenarios to size tomorrow's irrigation volume.

The scheduler asks a factory for a scenario step function and fills a scenario buffer
with a while_loop so the same code can stop on a convergence test.
"""
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class EvapotranspirationModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.climate = nnx.Linear(5, 16, rngs=rngs)
        self.et_mm = nnx.Linear(16, 3, rngs=rngs)  # three crop bays

    def __call__(self, climate):
        return nnx.softplus(self.et_mm(nnx.tanh(self.climate(climate))))


def build_scenario_sampler(model: EvapotranspirationModel, rngs: nnx.Rngs, spread: float = 0.5) -> Callable:
    key = rngs.weather()

    def step(climate_forecast):
        perturbed = climate_forecast + spread * jax.random.normal(key, climate_forecast.shape)
        return model(perturbed)

    return step


class IrrigationScheduler:
    def __init__(self, sampler: Callable, scenarios: int = 6):
        self.sampler, self.scenarios = sampler, scenarios

    def scenario_demand(self, climate_forecast):
        def not_done(state):
            return state[0] < self.scenarios

        def one(state):
            i, buf = state
            return i + 1, buf.at[i].set(self.sampler(climate_forecast))

        buf = jnp.zeros((self.scenarios, 3))
        _, buf = lax.while_loop(not_done, one, (0, buf))
        return buf


def main():
    rngs = nnx.Rngs(params=0, weather=7)
    model = EvapotranspirationModel(rngs)
    scheduler = IrrigationScheduler(build_scenario_sampler(model, rngs))
    forecast = jnp.array([24.0, 0.55, 3.2, 410.0, 0.1]) / 100.0
    return scheduler.scenario_demand(forecast)
