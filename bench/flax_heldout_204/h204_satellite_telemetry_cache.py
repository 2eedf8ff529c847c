# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "prev_frame" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 AnomalyService -> ForecastAdapter.step -> model.apply(self.variables, ...) whose 'cache' variable the forecaster rewrites in the scan body
"""Satellite telemetry anomaly detection: a one-step forecaster predicts the next frame of
housekeeping telemetry (bus voltage, temperatures, wheel speeds) from the current frame and
the previous one, which it keeps in a 'cache' collection like an autoregressive decoder."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TelemetryForecaster(nn.Module):
    n_channels: int
    hidden: int = 24

    @nn.compact
    def __call__(self, frame):
        prev = self.variable("cache", "prev_frame", jnp.zeros, (self.n_channels,))
        delta = frame - prev.value
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([frame, delta])))
        pred = frame + nn.Dense(self.n_channels)(h)
        prev.value = frame
        return pred


class ForecastAdapter:
    """Wraps a forecaster and its variables behind a step(frame) interface."""

    def __init__(self, model: TelemetryForecaster, variables):
        self.model = model
        self.variables = variables

    def step(self, frame):
        return self.model.apply(self.variables, frame)


class AnomalyService:
    def __init__(self, adapter: ForecastAdapter, threshold: float = 2.5):
        self.adapter = adapter
        self.threshold = threshold

    def scan_pass(self, frames):
        def per_frame(prev_pred, frame):
            err = jnp.linalg.norm(frame - prev_pred)
            pred = self.adapter.step(frame)
            return pred, err > self.threshold

        _, alarms = lax.scan(per_frame, frames[0], frames[1:])
        return alarms


def main():
    n_channels = 7
    model = TelemetryForecaster(n_channels)
    variables = model.init(jax.random.key(0), jnp.zeros((n_channels,)))
    service = AnomalyService(ForecastAdapter(model, variables))
    frames = jnp.cumsum(0.1 * jax.random.normal(jax.random.key(1), (20, n_channels)), axis=0)
    alarms = service.scan_pass(frames)
    print(int(alarms.sum()), "alarms")
    return None
