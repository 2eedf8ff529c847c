# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body asks self.portfolio.registry for a feeder head, which the registry builds on first use inside the body
"""Feeder portfolio: shared encoder with per-cluster load heads, built on demand."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SharedEncoder(nnx.Module):
    def __init__(self, d_in: int, d_hidden: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(d_in, d_hidden, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.lin(x))


class HeadRegistry:
    def __init__(self, d_hidden: int, horizon: int, seed: int):
        self.d_hidden = d_hidden
        self.horizon = horizon
        self.seed = seed
        self._heads: dict[str, nnx.Linear] = {}

    def head_for(self, cluster: str) -> nnx.Linear:
        if cluster not in self._heads:
            rngs = nnx.Rngs(self.seed + len(self._heads))
            self._heads[cluster] = nnx.Linear(self.d_hidden, self.horizon, rngs=rngs)
        return self._heads[cluster]


class FeederPortfolio:
    def __init__(self, encoder: SharedEncoder, registry: HeadRegistry, clusters: dict[str, int]):
        self.encoder = encoder
        self.registry = registry
        self.clusters = clusters


class PortfolioForecaster:
    def __init__(self, portfolio: FeederPortfolio):
        self.portfolio = portfolio

    def rolling_forecast(self, cluster, history, n_steps):
        def advance(t, window):
            head = self.portfolio.registry.head_for(cluster)
            nxt = head(self.portfolio.encoder(window))[:, :1]
            return jnp.concatenate([window[:, 1:], nxt], axis=1)

        return lax.fori_loop(0, n_steps, advance, history)

    def day_ahead(self, cluster, window):
        return self.portfolio.registry.head_for(cluster)(self.portfolio.encoder(window))


def main():
    history = 3.0 + 0.2 * jax.random.normal(jax.random.key(13), (5, 12))
    portfolio = FeederPortfolio(SharedEncoder(12, 16, nnx.Rngs(0)), HeadRegistry(16, 12, seed=100), {"urban": 0, "rural": 1})
    forecaster = PortfolioForecaster(portfolio)
    window = forecaster.rolling_forecast("urban", history, n_steps=4)
    jax.block_until_ready(window)
    jax.block_until_ready(forecaster.day_ahead("urban", window))
    return None
