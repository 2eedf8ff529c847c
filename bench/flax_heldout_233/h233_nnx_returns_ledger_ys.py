# label: ok
# flax-error: none
# class: 3 the forecaster's `graphdef` and `state` attributes are merged in the scan body; shelf statistics leave as ys into the drift log
"""Library book returns: weekly forecast of returns per shelf, with a drift log of shelf statistics."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ShelfModel(nnx.Module):
    def __init__(self, shelves: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(shelves, 5, rngs=rngs)
        self.norm = nnx.BatchNorm(5, momentum=0.5, rngs=rngs)
        self.out = nnx.Linear(5, shelves, rngs=rngs)

    def __call__(self, returns):
        return nnx.softplus(self.out(self.norm(self.embed(returns))))


@dataclasses.dataclass
class WeeklyFeed:
    weeks: int = 4
    branches: int = 3
    shelves: int = 4

    def batches(self):
        pattern = jnp.array([12.0, 3.0, 7.0, 1.0]) / 10.0
        return jnp.broadcast_to(pattern, (self.weeks, self.branches, self.shelves))


class ReturnsForecaster:
    def __init__(self, model: ShelfModel):
        self.graphdef, self.state = nnx.split(model)
        self.drift_log: list = []

    def roll_forward(self, feed: WeeklyFeed):
        def week(state, returns):
            shelf = nnx.merge(self.graphdef, state)
            forecast = shelf(returns)
            return nnx.state(shelf), (forecast.sum(axis=0), shelf.norm.mean[...])

        self.state, (totals, weekly_means) = scan(week, self.state, feed.batches())
        self.drift_log.extend(weekly_means)
        return totals

    def drift(self):
        means = jnp.stack(self.drift_log)
        return jnp.abs(means - means[0]).max()


def main():
    feed = WeeklyFeed()
    forecaster = ReturnsForecaster(ShelfModel(feed.shelves, nnx.Rngs(8)))
    totals = forecaster.roll_forward(feed)
    jax.block_until_ready((totals, forecaster.drift()))
    return None
