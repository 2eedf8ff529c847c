# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a SmokeService's ModelPool builds the PlumeModel lazily on first get(), which first happens in the scan body, and keeps it for later callers
"""Wildfire smoke service: advects a PM2.5 field hour by hour with a pooled plume model."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class PlumeModel(nnx.Module):
    def __init__(self, n_cells, rngs: nnx.Rngs):
        self.advect = nnx.Linear(n_cells + 2, n_cells, rngs=rngs)

    def __call__(self, pm25, wind):
        return nnx.relu(self.advect(jnp.concatenate([pm25, wind])))


class ModelPool:
    def __init__(self, factories, seed=0):
        self._factories = factories
        self._seed = seed
        self._models = {}

    def get(self, name):
        if name not in self._models:
            self._models[name] = self._factories[name](nnx.Rngs(self._seed))
        return self._models[name]


class SmokeService:
    def __init__(self, n_cells=10):
        self.pool = ModelPool({"plume": lambda rngs: PlumeModel(n_cells, rngs)})

    def forecast(self, pm25, winds):
        def hour(field, wind):
            field = self.pool.get("plume")(field, wind)
            return field, field.max()

        return scan(hour, pm25, winds)


def main():
    service = SmokeService()
    pm25 = jax.random.uniform(jax.random.key(0), (10,)) * 40.0
    winds = jax.random.normal(jax.random.key(1), (12, 2))
    service.forecast(pm25, winds)
    service.pool.get("plume")(pm25, winds[0])
    return None
