# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_quote_fn() returns functools.partial(nnx.jit(_quote), model); the hourly scan body of the PricingEngine calls that partial, so nnx.jit receives a model from outside the scan
"""Dynamic kerbside parking prices quoted hour by hour for a district.

A factory builds the quoting function once: the demand model is bound into an nnx.jit
compiled function with functools.partial, and the pricing engine keeps only that callable.
The engine then scans over the hours of the day, quoting prices from forecast occupancy.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class DemandModel(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs):
        self.trunk = nnx.Sequential(nnx.Linear(zones + 1, 8, rngs=rngs), nnx.relu)
        self.head = nnx.Linear(8, zones, rngs=rngs)

    def __call__(self, occupancy, hour):
        x = jnp.concatenate([occupancy, hour[None] / 24.0])
        return nnx.softplus(self.head(self.trunk(x)))


def _quote(model: DemandModel, occupancy, hour):
    return 1.0 + 2.0 * jnp.tanh(model(occupancy, hour))


def make_quote_fn(model: DemandModel):
    return functools.partial(nnx.jit(_quote), model)


class PricingEngine:
    def __init__(self, quote_fn, base_rate: float):
        self.quote_fn = quote_fn
        self.base_rate = base_rate

    def day_schedule(self, occupancy_forecast):
        def body(revenue, hour_and_occ):
            hour, occ = hour_and_occ
            price = self.base_rate * self.quote_fn(occ, hour)
            return revenue + (price * occ).sum(), price

        hours = jnp.arange(occupancy_forecast.shape[0], dtype=jnp.float32)
        return jax.lax.scan(body, jnp.zeros(()), (hours, occupancy_forecast))


def main():
    model = DemandModel(3, nnx.Rngs(0))
    engine = PricingEngine(make_quote_fn(model), base_rate=2.5)
    engine.day_schedule(jax.random.uniform(jax.random.key(1), (24, 3)))
    return None
