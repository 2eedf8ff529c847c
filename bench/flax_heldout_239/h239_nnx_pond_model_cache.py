# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls get_forecaster(), which builds the NNX model into the module-level _FORECASTERS dict on its first call, inside the body
"""Brine level planning across the salt works' evaporation ponds."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PondSpec:
    name: str
    gauges: int
    seed: int


POND_SPECS = {
    "north-concentrator": PondSpec("north-concentrator", gauges=4, seed=5),
    "harvest-bed-2": PondSpec("harvest-bed-2", gauges=3, seed=9),
}


class LevelForecaster(nnx.Module):
    def __init__(self, gauges: int, rngs: nnx.Rngs):
        self.inflow = nnx.Linear(gauges, gauges, rngs=rngs)
        self.evaporation = nnx.Param(jnp.full((gauges,), 0.03))

    def __call__(self, level):
        return level + 0.1 * jnp.tanh(self.inflow(level)) - self.evaporation[...]


_FORECASTERS: dict[str, LevelForecaster] = {}


def get_forecaster(pond: str) -> LevelForecaster:
    if pond not in _FORECASTERS:
        spec = POND_SPECS[pond]
        _FORECASTERS[pond] = LevelForecaster(spec.gauges, rngs=nnx.Rngs(spec.seed))
    return _FORECASTERS[pond]


class HarvestPlanner:
    def __init__(self, pond: str, days: int):
        self.pond = pond
        self.days = days

    def _day(self, level, _):
        nxt = get_forecaster(self.pond)(level)
        return nxt, nxt.min()

    def plan(self, level):
        return jax.lax.scan(self._day, level, None, length=self.days)

    def harvest_ready(self, level):
        return get_forecaster(self.pond)(level) < 0.2


def main():
    planner = HarvestPlanner("north-concentrator", days=4)
    level, lows = planner.plan(jnp.array([0.9, 0.8, 0.85, 0.7]))
    ready = planner.harvest_ready(level)
    jax.block_until_ready((level, lows, ready))
    return None
