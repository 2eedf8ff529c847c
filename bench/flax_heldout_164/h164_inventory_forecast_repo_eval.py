# label: ok
# flax-error: none
# class: 4 ReorderPlanner -> ForecastRepository -> model.bind(variables) (BatchNorm on running averages), called in the scan body
"""Weekly reorder planner of a regional distribution centre.

The demand forecaster is loaded once by a repository that keeps a bound module for the
planners; the planner rolls stock forward week by week with a raw lax.scan.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    n_skus: int = 6
    horizon_weeks: int = 8
    safety_factor: float = 1.3
    online_training: bool = False  # planners use the frozen normaliser


class DemandForecaster(nn.Module):
    hidden: int = 16
    online_training: bool = True

    @nn.compact
    def __call__(self, stock):
        h = nn.Dense(self.hidden)(stock)
        h = nn.BatchNorm(use_running_average=not self.online_training, momentum=0.9)(h)
        return nn.softplus(nn.Dense(stock.shape[-1])(nn.relu(h)))


class ForecastRepository:
    """Loads the forecaster and hands out a ready-to-call bound module."""

    def __init__(self, config: PlannerConfig, key):
        self._module = DemandForecaster(online_training=config.online_training)
        warmup = jax.random.uniform(key, (16, config.n_skus)) * 50.0
        self._variables = self._module.init(key, warmup)
        self._bound = None

    def forecaster(self):
        if self._bound is None:
            self._bound = self._module.bind(self._variables)
        return self._bound


class ReorderPlanner:
    def __init__(self, repository: ForecastRepository, config: PlannerConfig):
        self.repository = repository
        self.config = config

    def plan(self, stock, inbound):
        forecaster = self.repository.forecaster()
        safety = self.config.safety_factor

        def week(on_hand, arrivals):
            demand = forecaster(on_hand)
            remaining = jnp.maximum(on_hand + arrivals - demand, 0.0)
            order = jnp.maximum(safety * demand - remaining, 0.0)
            return remaining, order

        _, orders = jax.lax.scan(week, stock, inbound)
        return orders


def main():
    config = PlannerConfig()
    key_init, key_stock, key_in = jax.random.split(jax.random.key(0), 3)
    repository = ForecastRepository(config, key_init)
    planner = ReorderPlanner(repository, config)
    stock = jax.random.uniform(key_stock, (4, config.n_skus)) * 40.0
    inbound = jax.random.uniform(key_in, (config.horizon_weeks, 4, config.n_skus)) * 10.0
    orders = planner.plan(stock, inbound)
    print("orders per week", orders.sum(axis=(1, 2)))
    return None
