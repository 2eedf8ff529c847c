# label: same-values
# flax-error: none
# class: 3 IrrigationPlanner.sensor_key is passed as rngs={"sensor": self.sensor_key} to model.apply in the fori_loop body
"""Drip-irrigation scenarios for a vineyard block.

Soil-moisture probes are noisy; the planner draws one noisy scenario per day of the irrigation
window and writes each day's valve opening into a schedule buffer.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class BlockConfig:
    rows: int = 6
    probe_features: int = 3
    probe_noise: float = 0.05
    window_days: int = 7


class ValveModel(nn.Module):
    cfg: BlockConfig

    @nn.compact
    def __call__(self, soil):
        noise = self.cfg.probe_noise * jax.random.normal(self.make_rng("sensor"), soil.shape)
        return nn.sigmoid(nn.Dense(1)(soil + noise))[..., 0]


class IrrigationPlanner:
    def __init__(self, cfg: BlockConfig, model: ValveModel, variables, seed: int):
        self.cfg = cfg
        self.model = model
        self.variables = variables
        self.sensor_key = jax.random.key(seed)

    def plan(self, soil):
        def day(i, schedule):
            opening = self.model.apply(self.variables, soil, rngs={"sensor": self.sensor_key})
            return schedule.at[i].set(opening)

        schedule = jnp.zeros((self.cfg.window_days, self.cfg.rows))
        return fori_loop(0, self.cfg.window_days, day, schedule)


def main():
    cfg = BlockConfig()
    soil = jax.random.uniform(jax.random.key(6), (cfg.rows, cfg.probe_features))
    model = ValveModel(cfg)
    variables = model.init({"params": jax.random.key(0), "sensor": jax.random.key(1)}, soil)
    planner = IrrigationPlanner(cfg, model, variables, seed=23)
    return planner.plan(soil)
