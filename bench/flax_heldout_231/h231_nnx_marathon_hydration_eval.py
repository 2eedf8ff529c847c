# label: ok
# flax-error: none
# class: 4 RaceDayService.forecast -> self.pool.station(name).model, switched to eval() before the loop, is called in the scan body and only reads its BatchNorm statistics
"""Cup demand forecasting for the hydration stations of a city marathon.

Every station has its own demand model; the race-day service walks the stations' 5-minute
timing splits and forecasts how many cups each table needs before the next wave arrives.
"""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


class CupDemand(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.cups = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, splits):
        h = nnx.relu(self.norm(self.encode(splits)))
        return nnx.softplus(self.cups(h))[..., 0]


@dataclass
class Station:
    name: str
    km: float
    model: CupDemand


@dataclass
class StationPool:
    stations: list = field(default_factory=list)

    def station(self, name: str) -> Station:
        return next(s for s in self.stations if s.name == name)


class RaceDayService:
    def __init__(self, pool: StationPool):
        self.pool = pool

    def forecast(self, name: str, splits):
        self.pool.station(name).model.eval()

        def window(stock, runners):
            demand = self.pool.station(name).model(runners)
            return stock - demand.sum(), demand

        return jax.lax.scan(window, jnp.asarray(500.0), splits)


def main():
    rngs = nnx.Rngs(0)
    pool = StationPool([Station(f"km{km}", float(km), CupDemand(4, rngs)) for km in (5, 10, 15)])
    service = RaceDayService(pool)
    splits = jax.random.uniform(jax.random.key(3), (6, 8, 4))  # windows x tables x features
    stock, demand = service.forecast("km10", splits)
    jax.block_until_ready((stock, demand))
    return None
