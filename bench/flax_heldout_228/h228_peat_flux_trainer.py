# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FluxTrainer.fit -> self.runtime (BoundRuntime) -> self.bound, a model.bind(..., mutable=['batch_stats']) called inside the scan body
"""Peatland carbon flux: a chamber-flux regressor whose BatchNorm statistics are refreshed
over a season of half-hourly eddy-covariance windows, then checkpointed."""

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FluxRegressor(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, window, train: bool = True):
        h = nn.Dense(self.hidden)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.gelu(h))


class BoundRuntime:
    """Keeps a bound copy of the model so callers can run it without threading variables."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def forward(self, window):
        return self.bound(window, train=True)

    def batch_stats(self):
        return self.bound.variables["batch_stats"]


class CheckpointSink:
    def __init__(self):
        self.saved = []

    def save(self, tree):
        norm = sum(jnp.sum(jnp.abs(leaf)) for leaf in jax.tree.leaves(tree))
        self.saved.append(float(norm))


class FluxTrainer:
    def __init__(self, model, variables, sink):
        self.runtime = BoundRuntime(model, variables)
        self.sink = sink

    def fit(self, season):
        def refresh(total, window):
            flux = self.runtime.forward(window)
            return total + jnp.sum(flux), None

        total, _ = lax.scan(refresh, jnp.zeros(()), season)
        self.sink.save(self.runtime.batch_stats())
        return total


def main():
    model = FluxRegressor()
    season = jax.random.normal(jax.random.key(3), (6, 4, 5))
    variables = model.init(jax.random.key(0), season[0])
    FluxTrainer(model, variables, CheckpointSink()).fit(season)
    return None
