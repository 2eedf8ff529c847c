# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 HiveThermal.__call__ runs the scan itself; its GRUCell is first created (during init) inside the scan body
"""Beekeeping: forecast brood-nest temperature from hourly frame thermistor readings."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class HiveThermal(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, temps):
        # temps: (hours, frames) readings in degrees C, centred on 35 C.
        cell = nn.GRUCell(self.hidden, name="cell")
        h0 = jnp.zeros((temps.shape[1], self.hidden))

        def body(h, reading):
            h, out = cell(h, reading[:, None])
            return h, out.mean(axis=-1)

        h, trace = jax.lax.scan(body, h0, temps - 35.0)
        forecast = nn.Dense(1, name="forecast")(h)[..., 0] + 35.0
        return forecast, trace


class HiveMonitor:
    def __init__(self, model: HiveThermal):
        self.model = model
        self.variables = None

    def calibrate(self, temps, seed: int = 0):
        self.variables = self.model.init(jax.random.key(seed), temps)

    def forecast(self, temps):
        forecast, _ = self.model.apply(self.variables, temps)
        return forecast


def main():
    hours, frames = 12, 6
    temps = 35.0 + 0.5 * jnp.sin(jnp.arange(hours * frames, dtype=jnp.float32).reshape(hours, frames) / 4.0)
    monitor = HiveMonitor(HiveThermal())
    monitor.calibrate(temps)
    forecast = monitor.forecast(temps)
    float(forecast.mean())
    return None
