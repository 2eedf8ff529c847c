# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the monitor's bound net (self.net, mutable intermediates) sows pore pressure in the scan body
"""Landslide early warning: a slope monitor turns piezometer readings into pore
pressure estimates and raises an alert when the peak crosses a threshold."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PorePressureNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, reading):
        h = nn.gelu(nn.Dense(self.hidden, name="sensor_mix")(reading))
        return nn.softplus(nn.Dense(1, name="pressure")(h))[..., 0]

    def sense(self, reading, record: bool = True):
        pressure = self(reading)
        if record:
            self.sow("intermediates", "pore_pressure", pressure)
        return pressure


class SlopeMonitor:
    def __init__(self, model, variables, threshold):
        self.net = model.bind(variables, mutable=["intermediates"])
        self.threshold = threshold

    def sweep(self, readings):
        def body(level, reading):
            pressure = self.net.sense(reading)
            return jnp.maximum(level, pressure.max()), None

        peak, _ = lax.scan(body, jnp.zeros(()), readings)
        return peak

    def alert(self):
        recorded = self.net.variables["intermediates"]["pore_pressure"]
        history = jnp.stack(recorded)
        return bool(jnp.any(history > self.threshold))


def main():
    model = PorePressureNet()
    readings = jax.random.normal(jax.random.key(2), (12, 3, 4))  # hours x piezometers x channels
    variables = model.init(jax.random.key(0), readings[0])
    monitor = SlopeMonitor(model, variables, threshold=1.5)
    monitor.sweep(readings)
    monitor.alert()
    return None
