# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 DemandService.session(store) returns a pooled ForecastSession whose .model property gives an NNX model left in train mode; the scan body calls it and BatchNorm updates its stats
"""Pharmacy inventory replenishment: projecting weekly on-hand stock per store from a demand forecaster."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DemandForecaster(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.embed(x)))))[..., 0]


class ForecastSession:
    def __init__(self, store_id, model):
        self.store_id = store_id
        self._model = model

    @property
    def model(self):
        return self._model


class DemandService:
    def __init__(self, sessions):
        self._pool = {s.store_id: s for s in sessions}

    def session(self, store_id):
        return self._pool[store_id]

    def project(self, store_id, weekly_features, opening_stock):
        def week(on_hand, features):
            demand = self.session(store_id).model(features)
            on_hand = jnp.maximum(on_hand - demand, 0.0)
            return on_hand, demand

        return lax.scan(week, opening_stock, weekly_features)


def main():
    rngs = nnx.Rngs(0)
    sessions = [ForecastSession(f"store-{i}", DemandForecaster(5, rngs=rngs)) for i in range(3)]
    service = DemandService(sessions)
    weeks = jax.random.normal(jax.random.key(1), (8, 20, 5))  # weeks, SKUs, features
    on_hand, demand = service.project("store-1", weeks, jnp.full((20,), 40.0))
    jax.block_until_ready((on_hand, demand))
    return None
