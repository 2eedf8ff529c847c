# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 race_day's local HullTrim model is closed over by the jax.lax.scan body and called there
"""Hull-trim estimator run across the legs of a race day."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class RaceDay:
    legs: int = 5
    boats: int = 4
    sensors: int = 3
    seed: int = 8


class HullTrim(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(sensors, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, sensors, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * self.out(nnx.relu(self.norm(self.inp(x))))


def sensor_log(day: RaceDay):
    k_start, k_gust = jax.random.split(jax.random.key(day.seed + 100))
    start = jax.random.normal(k_start, (day.boats, day.sensors))
    gusts = 0.05 * jax.random.normal(k_gust, (day.legs, day.boats, day.sensors))
    return start, gusts


def race_day(day: RaceDay):
    trim = HullTrim(day.sensors, rngs=nnx.Rngs(day.seed))
    start, gusts = sensor_log(day)

    def leg(state, gust):
        state = trim(state + gust)
        return state, jnp.abs(state).mean()

    return jax.lax.scan(leg, start, gusts)


def main():
    final, drift = race_day(RaceDay())
    jax.block_until_ready((final, drift))
    return None
