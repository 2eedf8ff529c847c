# label: ok
# flax-error: none
# class: 2 a local pick_key drawn from the planner's Rngs in the enclosing method is folded with the day index in the scan body
"""Harvest forecast for a mushroom farm: stochastic picker availability over the coming days."""
from dataclasses import dataclass
from typing import List

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class YieldForecaster(nnx.Module):
    def __init__(self, beds: int, *, rngs: nnx.Rngs):
        self.growth = nnx.Linear(beds, beds, rngs=rngs)
        self.pickers = nnx.Dropout(0.3)

    def __call__(self, beds, *, rngs):
        return self.pickers(nnx.relu(self.growth(beds)) + 0.5, rngs=rngs)


@dataclass
class Bed:
    strain: str
    weight_kg: float


class HarvestPlanner:
    def __init__(self, beds: List[Bed], seed: int = 0):
        self.beds = beds
        self.rngs = nnx.Rngs(params=seed, picking=seed + 100)
        self.model = YieldForecaster(len(beds), rngs=self.rngs)

    def tray(self):
        return jnp.asarray([bed.weight_kg for bed in self.beds])

    def forecast(self, days: int):
        pick_key = self.rngs.picking()
        tray = self.tray()

        def day(total, d):
            harvest = self.model(tray, rngs=jax.random.fold_in(pick_key, d))
            return total + harvest.sum(), harvest

        _, per_day = jax.lax.scan(day, jnp.zeros(()), jnp.arange(days))
        return per_day


def main():
    planner = HarvestPlanner([Bed("oyster", 2.1), Bed("shiitake", 1.4), Bed("lion's mane", 0.9), Bed("enoki", 1.7)])
    return planner.forecast(days=6)
