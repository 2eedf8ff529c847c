# label: ok
# flax-error: none
# class: 5 a factory closes over a frozen IrrigationConfig; it builds nnx.Rngs from config.seed once and splits one key per day, which the step function it returns indexes in every fori_loop step
"""Vineyard irrigation: plan the daily water of each row block from an NNX demand model and a
random evapotranspiration draw; step functions come from a factory configured by a frozen
config dataclass.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class IrrigationConfig:
    n_blocks: int = 4
    days: int = 7
    seed: int = 21
    evap_mm: float = 3.0


class WaterDemand(nnx.Module):
    def __init__(self, n_blocks, rngs: nnx.Rngs):
        self.soil = nnx.Linear(n_blocks, n_blocks, rngs=rngs)

    def __call__(self, moisture, evap):
        return nnx.relu(self.soil(moisture) + evap)


def make_irrigation_step(model, config):
    rngs = nnx.Rngs(evap=config.seed)
    day_keys = jax.random.split(rngs.evap(), config.days)

    def step(day, carry):
        moisture, evap_log = carry
        evap = config.evap_mm * jax.random.uniform(day_keys[day], (config.n_blocks,))
        water = model(moisture, evap)
        return moisture + 0.01 * (water - evap), evap_log.at[day].set(evap)
    return step


class IrrigationPlanner:
    def __init__(self, model, config):
        self.config = config
        self.step = make_irrigation_step(model, config)

    def week(self, moisture0):
        start = (moisture0, jnp.zeros((self.config.days, self.config.n_blocks)))
        _, evap_log = lax.fori_loop(0, self.config.days, self.step, start)
        return evap_log


def main():
    config = IrrigationConfig()
    planner = IrrigationPlanner(WaterDemand(config.n_blocks, nnx.Rngs(0)), config)
    return planner.week(jnp.full((config.n_blocks,), 0.3))
