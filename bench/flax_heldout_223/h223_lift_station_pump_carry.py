# label: ok
# flax-error: none
# class: 4 the scan body calls scheduler.trainer.predict with the batch statistics carried through the loop and written back after it
"""Lift station pumping: replay a storm through the wet-well inflow forecaster and pick pumps."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class StationConfig:
    n_pumps: int = 3
    horizon: int = 6
    sensors: int = 5
    drawdown: float = 0.1


class InflowForecaster(nn.Module):
    n_pumps: int

    @nn.compact
    def __call__(self, readings, train: bool = False):
        h = nn.Dense(16)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(self.n_pumps)(h)


class StationTrainer:
    """Owns the forecaster and its variables for one station."""

    def __init__(self, cfg: StationConfig, seed: int = 0):
        self.cfg = cfg
        self.model = InflowForecaster(n_pumps=cfg.n_pumps)
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((4, cfg.sensors)))

    def predict(self, batch_stats, readings):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        demand, updates = self.model.apply(variables, readings, train=True, mutable=["batch_stats"])
        return demand, updates["batch_stats"]


class PumpScheduler:
    def __init__(self, trainer: StationTrainer):
        self.trainer = trainer

    def duty_cycle(self, storm):
        drawdown = self.trainer.cfg.drawdown

        def body(carry, readings):
            wet_well, batch_stats = carry
            demand, batch_stats = self.trainer.predict(batch_stats, readings)
            pumped = drawdown * jnp.sum(jax.nn.sigmoid(demand), axis=-1).mean()
            level = jnp.maximum(wet_well + jnp.mean(readings) - pumped, 0.0)
            return (level, batch_stats), jnp.argmax(demand, axis=-1)

        init = (jnp.zeros(()), self.trainer.variables["batch_stats"])
        (level, batch_stats), pumps = jax.lax.scan(body, init, storm)
        self.trainer.variables = {**self.trainer.variables, "batch_stats": batch_stats}
        return level, pumps


def main():
    cfg = StationConfig()
    scheduler = PumpScheduler(StationTrainer(cfg))
    storm = jax.random.uniform(jax.random.key(1), (cfg.horizon, 4, cfg.sensors))
    level, pumps = scheduler.duty_cycle(storm)
    jax.block_until_ready((level, pumps, scheduler.trainer.variables))
    return None
