# label: ok
# flax-error: none
# class: 1 FireSpread.__call__ runs the tick loop itself; it takes one self.make_rng("weather") key before the scan and splits it in the carry each tick
"""Cellular wildfire spread model used by a regional fire-risk service (one row of cells per ridge)."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

CELLS = 16


@dataclasses.dataclass(frozen=True)
class FireConfig:
    ticks: int = 6
    gust_scale: float = 0.4
    ignition_cell: int = 4


class FireSpread(nn.Module):
    config: FireConfig

    @nn.compact
    def __call__(self, fuel):
        cfg = self.config
        diffusion = self.param("diffusion", nn.initializers.normal(0.3), (CELLS, CELLS))
        decay = self.param("decay", nn.initializers.constant(0.8), (CELLS,))
        burning = jnp.zeros((CELLS,)).at[cfg.ignition_cell].set(1.0)

        def tick(carry, _):
            burning, key = carry
            key, gust_key = jax.random.split(key)
            gust = cfg.gust_scale * jax.random.normal(gust_key, (CELLS,))
            heat = burning @ diffusion + gust
            burning = jnp.clip(decay * burning + jax.nn.sigmoid(heat) * fuel, 0.0, 1.0)
            return (burning, key), {"gust": gust}

        weather_key = self.make_rng("weather")
        (final, _), per_tick = lax.scan(tick, (burning, weather_key), None, length=cfg.ticks)
        return final, per_tick


class RiskService:
    def __init__(self, model: FireSpread, variables):
        self.model = model
        self.variables = variables

    def forecast(self, fuel, seed):
        _, per_tick = self.model.apply(self.variables, fuel, rngs={"weather": jax.random.key(seed)})
        return per_tick


def main():
    model = FireSpread(FireConfig())
    fuel = jnp.linspace(0.2, 0.9, CELLS)
    variables = model.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, fuel)
    return RiskService(model, variables).forecast(fuel, seed=11)
