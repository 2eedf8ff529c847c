# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the IrrigationPlanner's SoilAdapter holds model.bind(variables, mutable=["moisture"]); the bound model updates the moisture collection in the scan body and the adapter's snapshot is used after the loop
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
        self.bound = model.bind(variables, mutable=["moisture"])

    def observe(self, weather):
        return self.bound(weather)

    def snapshot(self):
        _, variables = self.bound.unbind()
        return variables["moisture"]["level"]


class IrrigationPlanner:
    def __init__(self, adapter: SoilAdapter, cfg: VineyardConfig):
        self.adapter = adapter
        self.cfg = cfg

    def run_season(self, weather):
        def day(dry_days, w):
            level = self.adapter.observe(w)
            return dry_days + (level < self.cfg.target), level

        return lax.scan(day, jnp.zeros((self.cfg.n_blocks,)), weather)

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
