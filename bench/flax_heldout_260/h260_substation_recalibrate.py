# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a bound copy of the forecaster (mutable batch_stats), a local of recalibrate(), is called inside the scan body
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
        live = self.model.bind(self.variables, mutable=["batch_stats"])

        def accumulate(total, window):
            pred = live(window, train=True)
            return total + jnp.mean(pred), None

        total, _ = lax.scan(accumulate, jnp.zeros(()), windows)
        self.variables = {
            "params": self.variables["params"],
            "batch_stats": live.variables["batch_stats"],
        }
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
