# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(..., mutable=["batch_stats"]) held by NormalizerService, resolved from a startup ServiceGraph by ReefSurveyJob
"""Coral reef monitoring: colour normalisation statistics gathered over survey transects."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class BleachingHead(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(self.features)(x)


@dataclass(frozen=True)
class SurveyConfig:
    transects: int = 6
    frames: int = 8
    channels: int = 5


class ServiceGraph:
    """Services registered with their dependencies and built once, at startup."""

    def __init__(self):
        self._factories, self._deps, self._built = {}, {}, {}

    def register(self, name, factory, deps=()):
        self._factories[name] = factory
        self._deps[name] = deps

    def resolve(self, name):
        if name not in self._built:
            args = [self.resolve(dep) for dep in self._deps[name]]
            self._built[name] = self._factories[name](*args)
        return self._built[name]


class WeightStore:
    def __init__(self, config):
        self.model = BleachingHead()
        sample = jnp.zeros((config.frames, config.channels))
        self.variables = self.model.init(jax.random.key(0), sample)

    def save(self, params, batch_stats):
        self.variables = {"params": params, "batch_stats": batch_stats}


class NormalizerService:
    def __init__(self, store):
        self.store = store
        self.bound = store.model.bind(store.variables, mutable=["batch_stats"])


class ReefSurveyJob:
    def __init__(self, graph):
        self.graph = graph

    def calibrate(self, transects):
        normalizer = self.graph.resolve("normalizer")

        def per_transect(total, frames):
            scores = normalizer.bound(frames, train=True)
            return total + scores.mean(), None

        total, _ = lax.scan(per_transect, jnp.float32(0.0), transects)
        store = self.graph.resolve("store")
        store.save(store.variables["params"], normalizer.bound.variables["batch_stats"])
        return total

    def score(self, frames):
        store = self.graph.resolve("store")
        return store.model.apply(store.variables, frames, train=False)


def main():
    config = SurveyConfig()
    graph = ServiceGraph()
    graph.register("config", lambda: config)
    graph.register("store", WeightStore, deps=("config",))
    graph.register("normalizer", NormalizerService, deps=("store",))
    job = ReefSurveyJob(graph)
    shape = (config.transects, config.frames, config.channels)
    transects = jax.random.uniform(jax.random.key(1), shape)
    job.calibrate(transects)
    job.score(transects[0]).block_until_ready()
    return None
