# label: same-values
# flax-error: none
# class: 4 Scenario.run merges DEFAULTS, the site profile and call-time overrides into a frozen SimConfig; the while_loop body builds nnx.Rngs(demand=self.engine.config.seed) and the policy draws each hour's arrivals from it
"""Elevator group dispatch simulator: hourly passenger arrivals per floor; settings merged at call time."""
import dataclasses
from typing import Any, Mapping

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop

DEFAULTS: Mapping[str, Any] = {"seed": 0, "hours": 8, "floors": 6, "peak_scale": 1.0}
SITE_PROFILES: Mapping[str, Mapping[str, Any]] = {
    "office_tower": {"floors": 6, "peak_scale": 1.6},
    "hotel": {"floors": 6, "peak_scale": 0.7, "hours": 12},
}


@dataclasses.dataclass(frozen=True)
class SimConfig:
    seed: int
    hours: int
    floors: int
    peak_scale: float


def merge_config(*layers: Mapping[str, Any]) -> SimConfig:
    merged: dict[str, Any] = {}
    for layer in layers:
        merged.update({k: v for k, v in layer.items() if v is not None})
    return SimConfig(**merged)


class ArrivalPolicy(nnx.Module):
    def __init__(self, floors: int, rngs: nnx.Rngs):
        self.rate = nnx.Linear(floors, floors, rngs=rngs)

    def __call__(self, floor_load, rngs: nnx.Rngs, scale):
        lam = scale * jax.nn.softplus(self.rate(floor_load))
        return jax.random.poisson(rngs.demand(), lam).astype(jnp.float32)


class DispatchEngine:
    def __init__(self, config: SimConfig):
        self.config = config
        self.policy = ArrivalPolicy(config.floors, nnx.Rngs(params=config.seed))


class Scenario:
    def __init__(self, site: str):
        self.site = site
        self.engine = None

    def run(self, **overrides):
        self.engine = DispatchEngine(merge_config(DEFAULTS, SITE_PROFILES[self.site], overrides))
        cfg = self.engine.config
        floor_load = jnp.linspace(0.2, 1.0, cfg.floors)

        def cond(state):
            return state[0] < cfg.hours

        def body(state):
            hour, arrivals = state
            rngs = nnx.Rngs(demand=self.engine.config.seed)
            hourly = self.engine.policy(floor_load, rngs, cfg.peak_scale)
            return hour + 1, arrivals.at[hour].set(hourly)

        _, arrivals = while_loop(cond, body, (jnp.asarray(0), jnp.zeros((cfg.hours, cfg.floors))))
        return arrivals


def main():
    return Scenario("office_tower").run(seed=17, hours=6)
