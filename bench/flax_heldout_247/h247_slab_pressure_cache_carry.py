# label: ok
# flax-error: none
# class: 5 make_load_step(...) builds the jax.lax.fori_loop body; the cached 'cache' pressure enters through the loop carry and the new pressure leaves through it
"""Slab-load accumulation for the avalanche warning service.

Daily snowfall loads the slab cells of a slope; a cache keeps the accumulated overburden
pressure per cell between forecast runs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class SlopeGrid:
    cells: int = 6
    aspect_deg: float = 35.0


@dataclass(frozen=True)
class LoadSchedule:
    days: int = 4
    settlement: float = 0.92


def make_load_step(redistribution, settlement: float) -> Callable:
    """Returns the per-day update used by the forecast loop."""

    def step(day, carry):
        load, pressure = carry
        load = settlement * load + jnp.tanh(load @ redistribution)
        return load, pressure + load

    return step


class SlabLoadModel(nn.Module):
    grid: SlopeGrid
    schedule: LoadSchedule

    @nn.compact
    def __call__(self, snowfall):
        cache = self.variable("cache", "pressure", jnp.zeros, (self.grid.cells,))
        redistribution = self.param(
            "redistribution", nn.initializers.normal(0.1), (self.grid.cells, self.grid.cells)
        )
        if self.is_initializing():
            return snowfall @ redistribution, cache.value
        step = make_load_step(redistribution, self.schedule.settlement)
        return jax.lax.fori_loop(0, self.schedule.days, step, (snowfall, cache.value))


class WarningService:
    def __init__(self, grid: SlopeGrid, schedule: LoadSchedule):
        self.model = SlabLoadModel(grid, schedule)
        self.grid = grid
        self.variables = None

    def snowfall(self):
        return jnp.linspace(0.2, 0.6, self.grid.cells)

    def prepare(self):
        self.variables = self.model.init(jax.random.key(5), self.snowfall())

    def forecast(self):
        load, pressure = self.model.apply(self.variables, self.snowfall())
        self.variables = {**self.variables, "cache": {"pressure": pressure}}
        return {"load": load, "peak_cell": jnp.argmax(load)}


def main():
    service = WarningService(SlopeGrid(), LoadSchedule())
    service.prepare()
    report = service.forecast()
    jax.block_until_ready((report, service.variables))
    return None
