# label: ok
# flax-error: none
# class: 1 ScaleSettler.settle runs while_loop itself; the count travels in the loop state and is written to self.readings_used (a Variable subclass) after the loop
"""Livestock walk-over weighing: settle a noisy scale reading until consecutive estimates agree."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class ReadingCount(nnx.Variable):
    """How many raw load-cell readings the settler consumed (exported to the barn dashboard)."""


@dataclass(frozen=True)
class SettleConfig:
    cells: int = 4
    tolerance: float = 0.05
    max_readings: int = 30


class ScaleSettler(nnx.Module):
    def __init__(self, cfg: SettleConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.fuse = nnx.Linear(cfg.cells, 1, rngs=rngs)
        self.readings_used = ReadingCount(jnp.zeros((), jnp.int32))

    def __call__(self, cells):
        return self.fuse(cells)[0]

    def settle(self, readings):
        def unsettled(state):
            i, _, delta = state
            return (i < self.cfg.max_readings) & (delta > self.cfg.tolerance)

        def take_reading(state):
            i, estimate, _ = state
            new = 0.7 * estimate + 0.3 * self(readings[i])
            return i + 1, new, jnp.abs(new - estimate)

        init = (jnp.int32(0), self(readings[0]), jnp.float32(jnp.inf))
        used, weight, _ = jax.lax.while_loop(unsettled, take_reading, init)
        self.readings_used[...] += used
        return weight


class WeighStation:
    def __init__(self, cfg: SettleConfig):
        self.settler = ScaleSettler(cfg, rngs=nnx.Rngs(0))

    def weigh(self, readings):
        weight = self.settler.settle(readings)
        return float(weight), int(self.settler.readings_used[...])


def main():
    cfg = SettleConfig()
    readings = 1.0 + 0.05 * jax.random.normal(jax.random.key(2), (cfg.max_readings, cfg.cells))
    print(WeighStation(cfg).weigh(readings))
    return None
