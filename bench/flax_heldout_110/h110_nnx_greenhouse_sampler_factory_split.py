# label: ok
# flax-error: none
# class: 5 build_scenario_sampler(model) returns a step function taking a key; the while_loop carries a key drawn from the rngs.weather stream and splits a fresh one for every scenario
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


def build_scenario_sampler(model: EvapotranspirationModel, spread: float = 0.5) -> Callable:
    def step(climate_forecast, key):
        perturbed = climate_forecast + spread * jax.random.normal(key, climate_forecast.shape)
        return model(perturbed)

    return step


class IrrigationScheduler:
    def __init__(self, sampler: Callable, rngs: nnx.Rngs, scenarios: int = 6):
        self.sampler, self.rngs, self.scenarios = sampler, rngs, scenarios

    def scenario_demand(self, climate_forecast):
        def not_done(state):
            return state[0] < self.scenarios

        def one(state):
            i, key, buf = state
            key, sub = jax.random.split(key)
            return i + 1, key, buf.at[i].set(self.sampler(climate_forecast, sub))

        buf = jnp.zeros((self.scenarios, 3))
        _, _, buf = lax.while_loop(not_done, one, (0, self.rngs.weather(), buf))
        return buf


def main():
    rngs = nnx.Rngs(params=0, weather=7)
    model = EvapotranspirationModel(rngs)
    scheduler = IrrigationScheduler(build_scenario_sampler(model), rngs)
    forecast = jnp.array([24.0, 0.55, 3.2, 410.0, 0.1]) / 100.0
    return scheduler.scenario_demand(forecast)
