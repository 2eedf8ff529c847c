# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GravityForecaster.__call__ owns the residual EMA variable and writes it inside its own fori_loop body
"""Brewery fermentation monitor: forecast the specific-gravity trajectory of a batch.

The forecaster keeps an exponential moving average of its residuals in a
`residual_stats` collection so the brewhouse dashboard can flag drifting sensors.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class GravityForecaster(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, readings):  # readings: (hours, tanks, sensors)
        n_sensors = readings.shape[-1]
        ema = self.variable("residual_stats", "ema", jnp.zeros, (n_sensors,))
        cell = nn.Dense(n_sensors, name="cell")
        level0 = cell(readings[0])

        def hour(t, level):
            pred = cell(readings[t]) + 0.1 * level
            residual = jnp.mean(readings[t] - pred, axis=0)
            ema.value = self.decay * ema.value + (1.0 - self.decay) * residual
            return pred

        return lax.fori_loop(1, readings.shape[0], hour, level0)


class TankMonitor:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def refresh(self, readings):
        forecast, updates = self.model.apply(self.variables, readings, mutable=["residual_stats"])
        self.variables = {**self.variables, **updates}
        return forecast

    def drift_alarm(self, threshold=0.5):
        ema = self.variables["residual_stats"]["ema"]
        return jnp.abs(ema) > threshold


def main():
    readings = jax.random.normal(jax.random.key(11), (12, 3, 4))
    model = GravityForecaster()
    variables = model.init(jax.random.key(0), readings[:2])
    monitor = TankMonitor(model, variables)
    forecast = monitor.refresh(readings)
    print("forecast", forecast.shape, "alarms", monitor.drift_alarm())
