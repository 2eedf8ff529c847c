# label: trace-context
# flax-error: TraceContextError: Cannot mutate HeadwayLog from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 TramPlanner.model is a ModelSlot descriptor resolving the line's model from a ModelRegistry; the scan body calls it and the model writes each headway into its HeadwayLog variable
"""Tram timetable planning: predict headways along a line, logging the last headway on the model."""
import jax
import jax.numpy as jnp
from flax import nnx


class HeadwayLog(nnx.Variable):
    """Keeps the most recent headway prediction, for dashboards."""


class HeadwayNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, 1, rngs=rngs)
        self.last = HeadwayLog(jnp.zeros((1,)))

    def __call__(self, stop):
        headway = nnx.softplus(self.proj(stop)) + 2.0
        self.last.value = headway
        return headway


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def register(self, line, model):
        self._models[line] = model

    def lookup(self, line):
        return self._models[line]


class ModelSlot:
    """Descriptor: resolves the owner's model from its registry by the owner's line id."""

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.registry.lookup(obj.line)


class TramPlanner:
    model = ModelSlot()

    def __init__(self, registry: ModelRegistry, line: str):
        self.registry = registry
        self.line = line

    def plan(self, stops):
        def stop(elapsed, features):
            headway = self.model(features)[0]
            return elapsed + headway, headway

        total, headways = jax.lax.scan(stop, jnp.zeros(()), stops)
        return total


def main():
    registry = ModelRegistry()
    registry.register("line-4", HeadwayNet(3, nnx.Rngs(0)))
    stops = jnp.stack([jnp.asarray([0.1 * s, 1.0, -0.2]) for s in range(6)])
    TramPlanner(registry, "line-4").plan(stops)
    return None
