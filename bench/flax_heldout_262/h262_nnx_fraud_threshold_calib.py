# label: trace-context
# flax-error: TraceContextError: Cannot mutate CalibrationState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 calibrate_on_stream's argument calibrator goes straight into the scan body, which assigns its CalibrationState threshold
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class CalibrationState(nnx.Variable):
    pass


class ThresholdCalibrator(nnx.Module):
    def __init__(self, n_features, rngs, initial_threshold=0.5):
        self.scorer = nnx.Linear(n_features, 1, rngs=rngs)
        self.threshold = CalibrationState(jnp.asarray(initial_threshold))

    def scores(self, x):
        return nnx.sigmoid(self.scorer(x))[..., 0]

    def decide(self, x):
        return self.scores(x) > self.threshold.value


def calibrate_on_stream(calibrator, batches, target_alert_rate=0.05, step_size=0.5):
    def absorb(alert_rates, batch):
        rate = jnp.mean(calibrator.scores(batch) > calibrator.threshold.value)
        calibrator.threshold.value = calibrator.threshold.value + step_size * (rate - target_alert_rate)
        return alert_rates, rate

    _, rates = scan(absorb, None, batches)
    return rates


def nightly_batches(n_batches=5, batch_size=16, n_features=6, seed=8):
    return jax.random.normal(jax.random.key(seed), (n_batches, batch_size, n_features))


def main():
    calibrator = ThresholdCalibrator(6, rngs=nnx.Rngs(1))
    rates = calibrate_on_stream(calibrator, nightly_batches())
    jax.block_until_ready((rates.mean(), calibrator.threshold.value + 0.0))
    return None
