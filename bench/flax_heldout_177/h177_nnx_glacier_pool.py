# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 WorkerPool.route(station).model builds the forecaster lazily on first access, which happens inside the scan body; the pool reuses the cached model after the loop
"""Glacier melt forecasting: daily melt at automatic weather stations on a glacier is predicted
from degree-days, albedo and radiation. A pool of model workers serves the stations; each worker
builds its forecaster lazily the first time it is asked for it."""
import jax
import jax.numpy as jnp
from flax import nnx


class MeltNet(nnx.Module):
    def __init__(self, drivers: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(drivers, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, drivers):
        return nnx.softplus(self.out(nnx.tanh(self.hidden(drivers))))[..., 0]


class Worker:
    def __init__(self, seed: int, drivers: int):
        self.seed = seed
        self.drivers = drivers
        self._model = None

    @property
    def model(self):
        if self._model is None:
            self._model = MeltNet(self.drivers, nnx.Rngs(self.seed))
        return self._model


class WorkerPool:
    def __init__(self, size: int, drivers: int):
        self.workers = [Worker(seed, drivers) for seed in range(size)]

    def route(self, station: int):
        return self.workers[station % len(self.workers)]

    def season(self, station, days):
        worker = self.route(station)

        def body(cumulative, drivers):
            melt = worker.model(drivers)
            return cumulative + melt, melt

        return jax.lax.scan(body, jnp.zeros(()), days)

    def nowcast(self, station, drivers):
        return self.route(station).model(drivers)


def main():
    pool = WorkerPool(size=2, drivers=5)
    days = jax.random.uniform(jax.random.key(0), (10, 5))
    total, melt = pool.season(station=3, days=days)
    pool.nowcast(3, days[-1]).block_until_ready()
    return None
