# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 StationService.cache (MergedModuleCache) memoises nnx.merge(graphdef, state) per station; the first merge happens inside the scan body and the cached module is used again by peak()
"""Subway platform crowding forecasts; merged modules are memoised per station."""
import jax
import jax.numpy as jnp
from flax import nnx


class CrowdForecaster(nnx.Module):
    def __init__(self, gates, rngs):
        self.encode = nnx.Linear(gates, 12, rngs=rngs)
        self.norm = nnx.LayerNorm(12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, counts):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.encode(counts)))))[..., 0]


class MergedModuleCache:
    """Avoids rebuilding the module graph on every lookup."""

    def __init__(self):
        self._entries = {}

    def module(self, station, graphdef, state):
        if station not in self._entries:
            self._entries[station] = nnx.merge(graphdef, state)
        return self._entries[station]


class StationService:
    def __init__(self, model, cache):
        self.graphdef, self.state = nnx.split(model)
        self.cache = cache

    def rollout(self, station, counts):
        def body(state, batch):
            model = self.cache.module(station, self.graphdef, state)
            crowd = model(batch)
            return nnx.state(model), crowd.sum()

        self.state, totals = jax.lax.scan(body, self.state, counts)
        return totals

    def peak(self, station, batch):
        model = self.cache.module(station, self.graphdef, self.state)
        return jnp.max(model(batch))


def main():
    service = StationService(CrowdForecaster(gates=6, rngs=nnx.Rngs(0)), MergedModuleCache())
    counts = jax.random.uniform(jax.random.key(3), (5, 4, 6), maxval=40.0)
    service.rollout("central-platform-2", counts)
    print(float(service.peak("central-platform-2", counts[-1])))
    return None
