# label: ok
# flax-error: none
# class: 4 the scan body calls simulator.sample_day, which builds nnx.Rngs from the simulator's frozen config seed folded with the day and passes it to simulator.model
"""Cheese aging: daily blue-mold coverage draws for wheels held at the cave setpoint."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class CaveConfig:
    wheels: int = 5
    days: int = 7
    seed: int = 11
    spread: float = 0.3


class MoldGrowthModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rate = nnx.Linear(3, 1, rngs=rngs)

    def sample(self, climate, rngs: nnx.Rngs, spread: float):
        base = nnx.softplus(self.rate(climate)).squeeze(-1)
        return base * jnp.exp(spread * jax.random.normal(rngs.mold(), base.shape))


class CaveSimulator:
    def __init__(self, cfg: CaveConfig):
        self.cfg = cfg
        self.model = MoldGrowthModel(nnx.Rngs(0))

    def sample_day(self, climate, day):
        rngs = nnx.Rngs(mold=jax.random.fold_in(jax.random.key(self.cfg.seed), day))
        return self.model.sample(climate, rngs, self.cfg.spread)

    def season(self, setpoint):
        def day(coverage, index):
            draw = self.sample_day(setpoint, index)
            return coverage + draw, draw

        return scan(day, jnp.zeros(self.cfg.wheels), jnp.arange(self.cfg.days))


def main():
    cfg = CaveConfig()
    simulator = CaveSimulator(cfg)
    setpoint = jnp.tile(jnp.array([[0.92, 0.11, 0.5]]), (cfg.wheels, 1))
    coverage, draws = simulator.season(setpoint)
    return draws
