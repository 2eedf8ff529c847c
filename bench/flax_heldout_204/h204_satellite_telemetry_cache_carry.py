# label: ok
# flax-error: none
# class: 4 AnomalyService -> ForecastAdapter.step(cache, frame) -> model.apply(..., mutable=['cache']); the cache rides in the scan carry
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
    """Wraps a forecaster and its parameters behind a step(cache, frame) interface."""

    def __init__(self, model: TelemetryForecaster, variables):
        self.model = model
        self.params = variables["params"]
        self.initial_cache = variables["cache"]

    def step(self, cache, frame):
        pred, updates = self.model.apply(
            {"params": self.params, "cache": cache}, frame, mutable=["cache"]
        )
        return updates["cache"], pred


class AnomalyService:
    def __init__(self, adapter: ForecastAdapter, threshold: float = 2.5):
        self.adapter = adapter
        self.threshold = threshold

    def scan_pass(self, frames):
        def per_frame(carry, frame):
            cache, prev_pred = carry
            err = jnp.linalg.norm(frame - prev_pred)
            cache, pred = self.adapter.step(cache, frame)
            return (cache, pred), err > self.threshold

        _, alarms = lax.scan(per_frame, (self.adapter.initial_cache, frames[0]), frames[1:])
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
