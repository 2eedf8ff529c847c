# label: same-values
# flax-error: none
# class: 1 DemandForecaster.sample_paths draws one key from its own nnx.Rngs "paths" stream and the scan body it runs uses that key on every day
"""Bakery chain demand forecasting: sampled demand paths for tomorrow's bake plan.

The forecaster owns its rng streams; the planning job asks it for a handful of
sampled daily demand paths per product line and bakes to a high quantile.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

PRODUCTS = ("baguette", "croissant", "rye", "focaccia")


class DemandForecaster(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.trend = nnx.Linear(n_features, len(PRODUCTS), rngs=rngs)
        self.log_noise = nnx.Param(jnp.full((len(PRODUCTS),), -1.5))
        self.rngs = rngs

    def mean_demand(self, features):
        return nnx.softplus(self.trend(features)) * 100.0

    def sample_paths(self, features, horizon):
        mean = self.mean_demand(features)
        key = self.rngs.paths()

        def one_day(level, day):
            eps = jax.random.normal(key, mean.shape) * jnp.exp(self.log_noise)
            demand = level * jnp.exp(eps)
            return 0.7 * level + 0.3 * demand, eps

        _, shocks = scan(one_day, mean, jnp.arange(horizon))
        return shocks


class BakePlanner:
    def __init__(self, forecaster: DemandForecaster, quantile=0.9):
        self.forecaster = forecaster
        self.quantile = quantile

    def plan(self, features, horizon=7):
        return self.forecaster.sample_paths(features, horizon)


def main():
    features = jax.random.normal(jax.random.key(0), (9,))
    forecaster = DemandForecaster(9, nnx.Rngs(params=0, paths=1))
    return BakePlanner(forecaster).plan(features)
