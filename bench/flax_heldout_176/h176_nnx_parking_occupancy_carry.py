# label: ok
# flax-error: none
# class: 4 the forecast service reaches the master model through its registry; the unit of work splits the master before the scan, the body merges the carried state, samples MC dropout and returns the new state
"""Parking garage occupancy forecasting.

Drivers' apps show a band of expected free spaces per level; the band comes from Monte Carlo
dropout samples. The samples run in a unit of work that works on the split state of the
registered model and commits the advanced rng state back to the master copy at the end.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class OccupancyModel(nnx.Module):
    def __init__(self, features, levels, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(32, levels, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(self.dropout(nnx.relu(self.hidden(x)))))


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def register(self, name, model):
        self._models[name] = model

    def master(self, name):
        return self._models[name]


class UnitOfWork:
    def __init__(self, registry, name):
        self.master = registry.master(name)
        self.graphdef, self.state = nnx.split(self.master)

    def predict(self, state, x):
        model = nnx.merge(self.graphdef, state)
        return nnx.state(model), model(x)

    def commit(self, state):
        nnx.update(self.master, state)


class OccupancyService:
    def __init__(self, registry, name, samples):
        self.registry = registry
        self.name = name
        self.samples = samples

    def band(self, features):
        session = UnitOfWork(self.registry, self.name)

        def body(state, _):
            return session.predict(state, features)

        state, draws = jax.lax.scan(body, session.state, None, length=self.samples)
        session.commit(state)
        return draws


def main():
    registry = ModelRegistry()
    registry.register("garage-north", OccupancyModel(7, 4, nnx.Rngs(params=0, dropout=1)))
    features = jax.random.uniform(jax.random.key(3), (7,))
    return OccupancyService(registry, "garage-north", samples=6).band(features)
