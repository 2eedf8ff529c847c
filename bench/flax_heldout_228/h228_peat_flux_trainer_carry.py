# label: ok
# flax-error: none
# class: 4 FluxTrainer.fit -> self.runtime (ApplyRuntime) -> functools.partial(model.apply, mutable=['batch_stats']) with batch_stats in the scan carry
"""Peatland carbon flux: a chamber-flux regressor whose BatchNorm statistics are refreshed
over a season of half-hourly eddy-covariance windows, then checkpointed."""
import functools

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


class ApplyRuntime:
    """Keeps the apply function; the statistics travel with the caller."""

    def __init__(self, model, variables):
        self.params = variables["params"]
        self.stats = variables["batch_stats"]
        self.apply = functools.partial(model.apply, mutable=["batch_stats"])

    def forward(self, stats, window):
        flux, updates = self.apply({"params": self.params, "batch_stats": stats}, window, train=True)
        return flux, updates["batch_stats"]


class CheckpointSink:
    def __init__(self):
        self.saved = []

    def save(self, tree):
        norm = sum(jnp.sum(jnp.abs(leaf)) for leaf in jax.tree.leaves(tree))
        self.saved.append(float(norm))


class FluxTrainer:
    def __init__(self, model, variables, sink):
        self.runtime = ApplyRuntime(model, variables)
        self.sink = sink

    def fit(self, season):
        def refresh(carry, window):
            total, stats = carry
            flux, stats = self.runtime.forward(stats, window)
            return (total + jnp.sum(flux), stats), None

        (total, stats), _ = lax.scan(refresh, (jnp.zeros(()), self.runtime.stats), season)
        self.runtime.stats = stats
        self.sink.save(stats)
        return total


def main():
    model = FluxRegressor()
    season = jax.random.normal(jax.random.key(3), (6, 4, 5))
    variables = model.init(jax.random.key(0), season[0])
    FluxTrainer(model, variables, CheckpointSink()).fit(season)
    return None
