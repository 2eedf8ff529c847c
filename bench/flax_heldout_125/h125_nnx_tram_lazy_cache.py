# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model built lazily by ModelCache.get on its first use, which happens inside the while_loop body of DepotPlanner, is kept in the cache and called again after the loop
"""Tram fleet energy: a depot planner charges trams one after another until the depot's
energy budget is spent, using per-line energy models that are built on first use.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class LineEnergyModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.usage = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, tram):
        return nnx.softplus(self.usage(tram))[0]


@dataclass(frozen=True)
class LineSpec:
    name: str
    n_features: int
    seed: int


class ModelCache:
    def __init__(self, specs):
        self.specs = {spec.name: spec for spec in specs}
        self._models = {}

    def get(self, name):
        if name not in self._models:
            spec = self.specs[name]
            self._models[name] = LineEnergyModel(spec.n_features, nnx.Rngs(spec.seed))
        return self._models[name]


class DepotPlanner:
    def __init__(self, cache, line, budget_kwh):
        self.cache = cache
        self.line = line
        self.budget = budget_kwh

    def charge_queue(self, trams):
        def within_budget(state):
            i, used = state
            return (i < trams.shape[0]) & (used < self.budget)

        def charge(state):
            i, used = state
            return i + 1, used + self.cache.get(self.line)(trams[i])

        return lax.while_loop(within_budget, charge, (jnp.int32(0), jnp.float32(0.0)))

    def forecast(self, tram):
        return self.cache.get(self.line)(tram)


def main():
    cache = ModelCache([LineSpec("line-7", 4, 7), LineSpec("line-12", 4, 12)])
    planner = DepotPlanner(cache, "line-7", budget_kwh=5.0)
    trams = jax.random.uniform(jax.random.key(0), (9, 4))
    planner.charge_queue(trams)
    planner.forecast(trams[0]).block_until_ready()
    return None
