# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body in NdviBackfill.run looks up an nnx.jit-compiled step function in a string-keyed registry and passes it self.model
"""Backfills NDVI for cloudy revisits with a regressor; step functions are registered by task name."""

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx

STEP_REGISTRY: dict[str, Callable] = {}


def register_step(name: str):
    def decorator(fn):
        STEP_REGISTRY[name] = fn
        return fn
    return decorator


class NdviRegressor(nnx.Module):
    def __init__(self, bands: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(bands, hidden, rngs=rngs)
        self.decode = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, reflectance):
        return jnp.tanh(self.decode(nnx.relu(self.encode(reflectance))))[..., 0]


@register_step("ndvi/backfill")
@nnx.jit
def backfill_step(model: NdviRegressor, previous_ndvi, reflectance, cloudy):
    estimate = model(reflectance)
    return jnp.where(cloudy, 0.5 * (previous_ndvi + estimate), estimate)


@dataclass
class NdviBackfill:
    model: NdviRegressor
    task: str = "ndvi/backfill"

    def run(self, reflectance_series, cloud_series):
        step_fn = STEP_REGISTRY[self.task]

        def advance(ndvi, revisit):
            reflectance, cloudy = revisit
            ndvi = step_fn(self.model, ndvi, reflectance, cloudy)
            return ndvi, ndvi

        start = jnp.zeros(reflectance_series.shape[1])
        _, series = jax.lax.scan(advance, start, (reflectance_series, cloud_series))
        return series


def main():
    key_r, key_c = jax.random.split(jax.random.key(0))
    reflectance = jax.random.uniform(key_r, (5, 6, 4))
    clouds = jax.random.bernoulli(key_c, 0.3, (5, 6))
    job = NdviBackfill(NdviRegressor(4, 8, rngs=nnx.Rngs(1)))
    series = job.run(reflectance, clouds)
    jax.block_until_ready(series)
