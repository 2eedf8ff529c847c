# label: same-values
# flax-error: none
# class: 4 the forecast service reaches the master model through its registry; the scan body opens a unit-of-work session that nnx.clone-s the master and samples MC dropout from the clone
"""Parking garage occupancy forecasting.

Drivers' apps show a band of expected free spaces per level; the band comes from Monte Carlo
dropout samples. Each sample runs in a unit of work that works on a clone of the registered
model, so that nothing a sample does can leak into the master copy.
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
        self.model = nnx.clone(registry.master(name))

    def predict(self, x):
        return self.model(x)


class OccupancyService:
    def __init__(self, registry, name, samples):
        self.registry = registry
        self.name = name
        self.samples = samples

    def band(self, features):
        def body(count, _):
            session = UnitOfWork(self.registry, self.name)
            return count + 1, session.predict(features)

        _, draws = jax.lax.scan(body, 0, None, length=self.samples)
        return draws


def main():
    registry = ModelRegistry()
    registry.register("garage-north", OccupancyModel(7, 4, nnx.Rngs(params=0, dropout=1)))
    features = jax.random.uniform(jax.random.key(3), (7,))
    return OccupancyService(registry, "garage-north", samples=6).band(features)
