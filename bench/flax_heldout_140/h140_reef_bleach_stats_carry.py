# label: ok
# flax-error: none
# class: 4 the model and variables of a WeightStore held by NormalizerService, resolved from a startup ServiceGraph by ReefSurveyJob; batch_stats ride in the carry
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


class ReefSurveyJob:
    def __init__(self, graph):
        self.graph = graph

    def calibrate(self, transects):
        normalizer = self.graph.resolve("normalizer")
        model = normalizer.store.model
        params = normalizer.store.variables["params"]

        def per_transect(carry, frames):
            total, stats = carry
            scores, updates = model.apply(
                {"params": params, "batch_stats": stats}, frames, train=True, mutable=["batch_stats"]
            )
            return (total + scores.mean(), updates["batch_stats"]), None

        start = (jnp.float32(0.0), normalizer.store.variables["batch_stats"])
        (total, stats), _ = lax.scan(per_transect, start, transects)
        self.graph.resolve("store").save(params, stats)
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
