# label: ok
# flax-error: none
# class: 1 the forecaster's own method runs the while_loop and carries its DemandEMA value (an nnx.Variable subclass) in the loop state, writing the variable after the loop
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
            day, stock, _ = state
            return (day < self.config.max_days) & jnp.all(stock > 0.0)

        def dispense_day(state):
            day, stock, ema = state
            demand = self.daily_demand(ema)
            ema = decay * ema + (1.0 - decay) * demand
            return day + 1, stock - demand, ema

        days, _, ema = jax.lax.while_loop(shelves_stocked, dispense_day, (0, stock, self.ema[...]))
        self.ema[...] = ema
        return days


def main():
    cfg = ShelfConfig()
    forecaster = RefillForecaster(cfg, rngs=nnx.Rngs(0))
    stock = jnp.array([12.0, 30.0, 8.0, 20.0, 15.0])
    int(forecaster.days_until_stockout(stock))
    return None
