# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 LazyPickRateForecaster.params, built by model.init on the first predict(), which happens inside the scan body
"""Warehouse operations: forecast pick rate per zone for the next shift. The forecaster
object builds its model lazily the first time it is asked for a prediction, so services
can construct it cheaply at import time."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PickRateMLP(nn.Module):
    n_zones: int
    hidden: int = 32

    @nn.compact
    def __call__(self, features):
        h = nn.swish(nn.Dense(self.hidden)(features))
        return nn.softplus(nn.Dense(self.n_zones)(h))


class LazyPickRateForecaster:
    def __init__(self, n_zones: int, seed: int = 0):
        self.model = PickRateMLP(n_zones)
        self.seed = seed
        self.params = None

    def _ensure_built(self, features):
        if self.params is None:
            self.params = self.model.init(jax.random.key(self.seed), features)["params"]

    def predict(self, features):
        self._ensure_built(features)
        return self.model.apply({"params": self.params}, features)


class ShiftSimulator:
    def __init__(self, forecaster: LazyPickRateForecaster, decay: float = 0.9):
        self.forecaster = forecaster
        self.decay = decay

    def simulate(self, hourly_features):
        def hour(backlog, features):
            rate = self.forecaster.predict(features)
            backlog = jnp.maximum(self.decay * backlog + features[: rate.shape[0]] - rate, 0.0)
            return backlog, rate

        n_zones = self.forecaster.model.n_zones
        return lax.scan(hour, jnp.zeros((n_zones,)), hourly_features)


def main():
    forecaster = LazyPickRateForecaster(n_zones=4)
    sim = ShiftSimulator(forecaster)
    feats = jax.random.uniform(jax.random.key(3), (8, 10))
    backlog, rates = sim.simulate(feats)
    next_shift = forecaster.predict(feats[-1])
    print(backlog, rates.shape, next_shift)
    return None
