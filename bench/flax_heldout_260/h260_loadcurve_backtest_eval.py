# label: ok
# flax-error: none
# class: 4 ForecastService.backtest reaches the model and its variables through self.runtime.bundle and scores each window with a module-level helper, in evaluation mode
"""Backtest a day-ahead load-curve model over a rolling window of historical days."""
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan as lax_scan


class LoadCurveModel(nn.Module):
    hours: int = 24
    width: int = 32

    @nn.compact
    def __call__(self, history, calendar, train: bool):
        x = jnp.concatenate([history, calendar], axis=-1)
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(self.hours)(x)


@dataclasses.dataclass
class ModelBundle:
    model: LoadCurveModel
    variables: dict


@dataclasses.dataclass
class ModelRuntime:
    bundle: ModelBundle
    train_mode: bool

    @classmethod
    def for_training(cls, bundle):
        return cls(bundle, train_mode=True)

    @classmethod
    def for_serving(cls, bundle):
        return cls(bundle, train_mode=False)


def score_window(model, variables, train, window):
    history, calendar, actual = window
    pred = model.apply(variables, history, calendar, train)
    return jnp.mean(jnp.abs(pred - actual) / (jnp.abs(actual) + 1.0))


class ForecastService:
    def __init__(self, runtime: ModelRuntime):
        self.runtime = runtime

    def backtest(self, windows):
        scorer = functools.partial(
            score_window, self.runtime.bundle.model, self.runtime.bundle.variables, self.runtime.train_mode
        )

        def step(worst, window):
            mape = scorer(window)
            return jnp.maximum(worst, mape), mape

        worst, per_day = lax_scan(step, jnp.zeros(()), windows)
        return worst, per_day


def make_windows(key, days=5, batch=4, hours=24):
    k1, k2 = jax.random.split(key)
    profile = 1.0 + 0.4 * jnp.sin(jnp.linspace(0, 2 * jnp.pi, hours))
    history = profile + 0.05 * jax.random.normal(k1, (days, batch, hours))
    calendar = jax.nn.one_hot(jnp.arange(days * batch).reshape(days, batch) % 7, 7)
    actual = profile + 0.05 * jax.random.normal(k2, (days, batch, hours))
    return history, calendar, actual


def main():
    windows = make_windows(jax.random.key(4))
    model = LoadCurveModel()
    variables = model.init(jax.random.key(0), windows[0][0], windows[1][0], False)
    service = ForecastService(ModelRuntime.for_serving(ModelBundle(model, variables)))
    jax.block_until_ready(service.backtest(windows))
    return None
