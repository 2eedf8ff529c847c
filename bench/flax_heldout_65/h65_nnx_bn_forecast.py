# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a RolloutService holds a model left in train() mode; its BatchNorm statistics are updated when the horizon scan body calls it
"""NNX forecasting service rolling a residual BatchNorm model over a horizon."""
import jax
import jax.numpy as jnp
from flax import nnx


class ResidualForecaster(nnx.Module):
    def __init__(self, features, *, rngs):
        self.inp = nnx.Linear(features, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.out = nnx.Linear(12, features, rngs=rngs)

    def __call__(self, x):
        return x + self.out(nnx.gelu(self.norm(self.inp(x))))


class ModelStore:
    def __init__(self):
        self._models = {}

    def put(self, name, model):
        self._models[name] = model

    def get(self, name):
        return self._models[name]


class RolloutService:
    def __init__(self, store: ModelStore, name: str, horizon: int):
        self.store = store
        self.name = name
        self.horizon = horizon

    def forecast(self, x0):
        model = self.store.get(self.name)

        def step(x, _):
            y = model(x)
            return y, y

        _, path = jax.lax.scan(step, x0, None, length=self.horizon)
        return path


def main():
    store = ModelStore()
    model = ResidualForecaster(3, rngs=nnx.Rngs(0))
    model.train()
    store.put("demand", model)
    RolloutService(store, "demand", horizon=4).forecast(jnp.ones((5, 3))).block_until_ready()
    return None
