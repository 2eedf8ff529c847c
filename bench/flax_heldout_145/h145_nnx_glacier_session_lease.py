# label: trace-context
# flax-error: TraceContextError: Cannot mutate DriftState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 inside the scan body a SessionPool.lease context manager merges the pooled (graphdef, state) into a gauge model whose DriftState the call mutates, then writes nnx.state back to the pool
"""Glacier moulin survey: drift-corrected melt-water gauges.

Gauge models live in a SessionPool as (graphdef, state); a lease is a context manager that
materialises the model and returns its updated state to the pool when the block exits.
"""
import contextlib

import jax
import jax.numpy as jnp
from flax import nnx


class DriftState(nnx.Variable):
    """Slowly varying gauge offset, tracked online."""


class GaugeModel(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.calib = nnx.Linear(channels, channels, rngs=rngs)
        self.drift = DriftState(jnp.zeros(channels))

    def __call__(self, reading):
        corrected = self.calib(reading) - self.drift[...]
        self.drift[...] = 0.9 * self.drift[...] + 0.1 * corrected
        return corrected


class SessionPool:
    def __init__(self):
        self._slots = {}

    def register(self, name, model):
        self._slots[name] = nnx.split(model)

    @contextlib.contextmanager
    def lease(self, name):
        graphdef, state = self._slots[name]
        model = nnx.merge(graphdef, state)
        try:
            yield model
        finally:
            self._slots[name] = (graphdef, nnx.state(model))


def survey(pool: SessionPool, gauge: str, readings):
    def body(flow, reading):
        with pool.lease(gauge) as model:
            corrected = model(reading)
        return flow + jnp.sum(corrected), corrected

    return jax.lax.scan(body, jnp.zeros(()), readings)


def main():
    pool = SessionPool()
    pool.register("moulin_3", GaugeModel(4, nnx.Rngs(0)))
    readings = jax.random.normal(jax.random.key(9), (6, 4))
    flow, _ = survey(pool, "moulin_3", readings)
    with pool.lease("moulin_3") as model:
        print("drift after survey", model.drift[...].sum(), float(flow))
    return None
