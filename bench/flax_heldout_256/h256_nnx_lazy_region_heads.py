# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'RegionHeadRegistry' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body asks model.heads for the region head, and the registry creates and attaches it on first use
"""Regional demand forecaster with per-region output heads created on demand."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

HIDDEN = 6


class RegionHeadRegistry(nnx.Module):
    def __init__(self, hidden: int, seed: int):
        self.hidden = hidden
        self.seed = seed

    def get(self, region: str):
        name = f"head_{region}"
        if not hasattr(self, name):
            setattr(self, name, nnx.Linear(self.hidden, 1, rngs=nnx.Rngs(self.seed)))
        return getattr(self, name)


class RegionalForecaster(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_features, HIDDEN, rngs=rngs)
        self.heads = RegionHeadRegistry(HIDDEN, seed=3)

    def encode(self, x):
        return jnp.tanh(self.trunk(x))


class RegionRunner:
    def __init__(self, model: RegionalForecaster, region: str):
        self.model = model
        self.region = region

    def forecast_weeks(self, weekly_features):
        n_weeks = weekly_features.shape[0]

        def week(i, out):
            head = self.model.heads.get(self.region)
            return out.at[i].set(head(self.model.encode(weekly_features[i]))[..., 0])

        return lax.fori_loop(0, n_weeks, week, jnp.zeros(weekly_features.shape[:2]))


def regional_features(n_weeks=4, n_stores=3, n_features=5):
    grid = jnp.arange(n_weeks * n_stores * n_features, dtype=jnp.float32)
    return jnp.cos(0.11 * grid).reshape(n_weeks, n_stores, n_features)


def main():
    model = RegionalForecaster(5, nnx.Rngs(0))
    forecast = RegionRunner(model, "north").forecast_weeks(regional_features())
    jax.block_until_ready(forecast)
    return None
