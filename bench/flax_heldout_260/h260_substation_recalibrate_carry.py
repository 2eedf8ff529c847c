# label: ok
# flax-error: none
# class: 2 the batch statistics, taken from a local of recalibrate(), enter the scan body as its carry and leave as the final carry
"""Substation load forecaster: nightly recalibration of normalisation statistics."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    n_lags: int = 24
    hidden: int = 16
    horizon: int = 4
    momentum: float = 0.9


class LoadForecaster(nn.Module):
    cfg: ForecastConfig

    @nn.compact
    def __call__(self, lags, *, train: bool):
        h = nn.Dense(self.cfg.hidden, name="lag_proj")(lags)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.momentum, name="norm")(h)
        h = nn.gelu(h)
        return nn.Dense(self.cfg.horizon, name="head")(h)


class SubstationCalibrator:
    def __init__(self, model: LoadForecaster, variables):
        self.model = model
        self.variables = variables

    def recalibrate(self, windows):
        params = self.variables["params"]

        def accumulate(carry, window):
            stats, total = carry
            pred, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, window, train=True, mutable=["batch_stats"]
            )
            return (updates["batch_stats"], total + jnp.mean(pred)), None

        (stats, total), _ = lax.scan(accumulate, (self.variables["batch_stats"], jnp.zeros(())), windows)
        self.variables = {"params": params, "batch_stats": stats}
        return total

    def forecast(self, lags):
        return self.model.apply(self.variables, lags, train=False)


def synthetic_windows(key, n_windows, batch, n_lags):
    base = jnp.sin(jnp.linspace(0.0, 6.28, n_lags))
    noise = 0.1 * jax.random.normal(key, (n_windows, batch, n_lags))
    return 1.0 + 0.5 * base + noise


def main():
    cfg = ForecastConfig()
    model = LoadForecaster(cfg)
    windows = synthetic_windows(jax.random.key(7), 5, 8, cfg.n_lags)
    variables = model.init(jax.random.key(0), windows[0], train=False)
    calibrator = SubstationCalibrator(model, variables)
    jax.block_until_ready(calibrator.recalibrate(windows))
    jax.block_until_ready(calibrator.forecast(windows[-1]))
    return None
