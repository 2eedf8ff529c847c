# label: ok
# flax-error: none
# class: 3 TidalEvaluator emits each window's errors as scan outputs and updates its self.metrics (an nnx.MultiMetric of nnx.metrics.Average) once after the loop
"""Tidal energy forecasting: evaluate a turbine power forecaster over a spring-neap cycle."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PowerForecaster(nnx.Module):
    def __init__(self, lags: int, *, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(lags, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, window):
        return self.head(nnx.tanh(self.trunk(window)))[..., 0]


class TidalEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            bias=nnx.metrics.Average("bias"),
        )

    def evaluate(self, windows, targets):
        self.metrics.reset()

        def window_step(carry, batch):
            window, target = batch
            error = self.model(window) - target
            return carry, (jnp.abs(error).mean(), error.mean())

        _, (mae, bias) = lax.scan(window_step, None, (windows, targets))
        self.metrics.update(mae=mae, bias=bias)
        return self.metrics.compute()


def make_windows(series, lags):
    idx = jnp.arange(series.shape[0] - lags)[:, None] + jnp.arange(lags)
    return series[idx], series[lags:]


def main():
    t = jnp.arange(120.0)
    speed = jnp.abs(jnp.sin(2 * jnp.pi * t / 12.42)) * (1.0 + 0.3 * jnp.cos(2 * jnp.pi * t / 354.0))
    windows, targets = make_windows(speed, lags=6)
    windows, targets = windows.reshape(19, 6, 6), targets.reshape(19, 6)
    evaluator = TidalEvaluator(PowerForecaster(6, rngs=nnx.Rngs(3)))
    evaluator.evaluate(windows, targets)
    return None
