# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 jax.checkpoint(functools.partial(model.apply, mutable=['batch_stats'])) on CalibrationRunner; the body stores the new batch_stats on self
"""Batch-norm recalibration of a railway axle-vibration autoencoder over a stream of sensor windows."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class AxleAutoencoder(nn.Module):
    bottleneck: int = 6

    @nn.compact
    def __call__(self, window, train: bool):
        h = nn.Dense(self.bottleneck)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.0)(h)
        h = nn.relu(h)
        return nn.Dense(window.shape[-1])(h)


class CalibrationRunner:
    """Re-estimates batch statistics on fresh windows with a rematerialized forward pass."""

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self._forward = jax.checkpoint(functools.partial(model.apply, train=True, mutable=["batch_stats"]))

    def recalibrate(self, windows):
        def calibrate_window(total, window):
            recon, updates = self._forward({"params": self.params, "batch_stats": self.batch_stats}, window)
            self.batch_stats = updates["batch_stats"]
            err = jnp.mean((recon - window) ** 2)
            return total + err, err

        _, errors = jax.lax.scan(calibrate_window, jnp.zeros(()), windows)
        return errors

    def anomaly_score(self, window):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        recon = self.model.apply(variables, window, train=False)
        return jnp.mean((recon - window) ** 2, axis=-1)


def main():
    windows = jax.random.normal(jax.random.key(2), (5, 16, 12))
    model = AxleAutoencoder()
    variables = model.init(jax.random.key(0), windows[0], train=False)
    runner = CalibrationRunner(model, variables)
    runner.recalibrate(windows)
    scores = runner.anomaly_score(windows[-1])
    print("max anomaly score", float(scores.max()))
    return None
