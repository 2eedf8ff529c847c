# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the forecaster is a local of sample_forecasts and its Dropout draws from its nnx.Rngs stream inside the scan body
"""Pollen-count forecasting for an allergy alert service.

Tomorrow's count is reported with an uncertainty band from Monte-Carlo dropout:
the same weather vector is pushed through the forecaster several times.
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.nnx as nnx


class PollenForecaster(nnx.Module):
    def __init__(self, n_weather: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_weather, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(weather)))))[..., 0]


class Alert(NamedTuple):
    region: str
    median: jax.Array
    high: jax.Array


def sample_forecasts(weather, n_samples: int, seed: int):
    forecaster = PollenForecaster(weather.shape[-1], rngs=nnx.Rngs(params=0, dropout=seed))

    def draw(carry, _):
        return carry, forecaster(weather)

    _, samples = scan(draw, None, None, length=n_samples)
    return samples


def build_alert(region, weather, n_samples=6):
    samples = sample_forecasts(weather, n_samples, seed=31)
    return Alert(region, jnp.median(samples, 0), jnp.quantile(samples, 0.9, axis=0)), samples


def main():
    weather = jax.random.normal(jax.random.key(4), (3, 7))
    alert, samples = build_alert("valley-east", weather)
    print(alert.region, alert.median, alert.high)
    return samples
