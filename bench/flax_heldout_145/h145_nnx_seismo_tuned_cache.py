# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 StationTuner's fori_loop body merges the carried state into a module and puts it into the tuner's LRU TunedModelCache
"""Seismograph network: per-station fine-tuning of a site-response model.

Tuned models are served from a small LRU cache keyed by station code; the oldest station is
evicted when the cache is full.
"""
import collections

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class SiteResponse(nnx.Module):
    def __init__(self, taps: int, rngs: nnx.Rngs):
        self.fir = nnx.Linear(taps, taps, rngs=rngs)

    def __call__(self, trace):
        return self.fir(trace)


class TunedModelCache:
    def __init__(self, capacity: int):
        self.capacity = capacity
        self._models = collections.OrderedDict()

    def put(self, station, model):
        self._models[station] = model
        self._models.move_to_end(station)
        while len(self._models) > self.capacity:
            self._models.popitem(last=False)

    def get(self, station):
        return self._models[station]


def reconstruction_loss(model, trace):
    return jnp.mean((model(trace) - trace) ** 2)


class StationTuner:
    def __init__(self, cache: TunedModelCache, learning_rate: float = 0.05):
        self.cache = cache
        self.learning_rate = learning_rate

    def tune(self, station, base: SiteResponse, traces):
        graphdef, state = nnx.split(base)

        def body(i, state):
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(reconstruction_loss)(model, traces[i])
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads))
            self.cache.put(station, model)
            return nnx.state(model)

        fori_loop(0, traces.shape[0], body, state)
        return self.cache.get(station)


def main():
    cache = TunedModelCache(capacity=2)
    tuner = StationTuner(cache)
    traces = jax.random.normal(jax.random.key(8), (5, 12))
    served = tuner.tune("OUL07", SiteResponse(12, nnx.Rngs(0)), traces)
    print("residual", float(reconstruction_loss(served, traces[0])))
    return None
