# label: ok
# flax-error: none
# class: 4 the IrrigationPlanner's SoilAdapter applies the model with mutable=["moisture"] in the scan body; the moisture collection goes in and out through the carry and is committed to the adapter after the loop
"""Vineyard irrigation: tracks root-zone soil moisture per vineyard block through the season
from daily weather and irrigation, then schedules the next irrigation from the final state."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class VineyardConfig:
    n_blocks: int = 5
    n_weather: int = 4
    n_days: int = 12
    target: float = 0.3


class SoilMoistureModel(nn.Module):
    cfg: VineyardConfig

    @nn.compact
    def __call__(self, weather):
        level = self.variable("moisture", "level", jnp.full, (self.cfg.n_blocks,), 0.35)
        delta = nn.tanh(nn.Dense(self.cfg.n_blocks)(weather))
        level.value = jnp.clip(0.9 * level.value + 0.05 * delta, 0.0, 1.0)
        return level.value


class SoilAdapter:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.moisture = variables["moisture"]

    def observe(self, moisture, weather):
        level, updates = self.model.apply(
            {"params": self.params, "moisture": moisture}, weather, mutable=["moisture"])
        return updates["moisture"], level

    def commit(self, moisture):
        self.moisture = moisture

    def snapshot(self):
        return self.moisture["level"]


class IrrigationPlanner:
    def __init__(self, adapter: SoilAdapter, cfg: VineyardConfig):
        self.adapter = adapter
        self.cfg = cfg

    def run_season(self, weather):
        def day(carry, w):
            moisture, dry_days = carry
            moisture, level = self.adapter.observe(moisture, w)
            return (moisture, dry_days + (level < self.cfg.target)), level

        init = (self.adapter.moisture, jnp.zeros((self.cfg.n_blocks,)))
        (moisture, dry_days), levels = lax.scan(day, init, weather)
        self.adapter.commit(moisture)
        return dry_days, levels

    def next_irrigation_mm(self):
        level = self.adapter.snapshot()
        return jnp.maximum(self.cfg.target - level, 0.0) * 120.0


def main():
    cfg = VineyardConfig()
    model = SoilMoistureModel(cfg)
    weather = jax.random.normal(jax.random.key(9), (cfg.n_days, cfg.n_weather))
    variables = model.init(jax.random.key(0), weather[0])
    planner = IrrigationPlanner(SoilAdapter(model, variables), cfg)
    dry_days, _ = planner.run_season(weather)
    mm = planner.next_irrigation_mm()
    print(dry_days, mm)
    return None
