# label: trace-context
# flax-error: TraceContextError: Cannot mutate DemandEMA from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the forecaster's own method runs the while_loop and writes its DemandEMA variable (an nnx.Variable subclass) inside the body
"""Pharmacy dispensing forecaster: estimates how many days the shelf stock of each SKU lasts,
updating an exponential moving average of dispensed units as it rolls the days forward."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class DemandEMA(nnx.Variable):
    """Smoothed daily dispensed units per SKU; not a trainable parameter."""


@dataclasses.dataclass(frozen=True)
class ShelfConfig:
    skus: int = 5
    decay: float = 0.8
    max_days: int = 60


class RefillForecaster(nnx.Module):
    def __init__(self, config: ShelfConfig, *, rngs: nnx.Rngs):
        self.config = config
        self.demand_head = nnx.Linear(config.skus, config.skus, rngs=rngs)
        self.ema = DemandEMA(jnp.ones((config.skus,)))

    def daily_demand(self, ema):
        return nnx.softplus(self.demand_head(ema))

    def days_until_stockout(self, stock):
        decay = self.config.decay

        def shelves_stocked(state):
            day, stock = state
            return (day < self.config.max_days) & jnp.all(stock > 0.0)

        def dispense_day(state):
            day, stock = state
            demand = self.daily_demand(self.ema[...])
            self.ema[...] = decay * self.ema[...] + (1.0 - decay) * demand
            return day + 1, stock - demand

        days, _ = jax.lax.while_loop(shelves_stocked, dispense_day, (0, stock))
        return days


def main():
    cfg = ShelfConfig()
    forecaster = RefillForecaster(cfg, rngs=nnx.Rngs(0))
    stock = jnp.array([12.0, 30.0, 8.0, 20.0, 15.0])
    int(forecaster.days_until_stockout(stock))
    return None
