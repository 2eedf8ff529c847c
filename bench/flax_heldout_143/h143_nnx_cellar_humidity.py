# label: trace-context
# flax-error: TraceContextError: Cannot mutate PeakHumidity from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 CellarLogger.monitor.peak (a PeakHumidity nnx.Variable subclass on the monitor) assigned in the scan body
"""Wine cellar: track humidity along the racks and keep the season's peak reading."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PeakHumidity(nnx.Variable):
    """Running maximum of the predicted relative humidity; not a trainable parameter."""


class CellarMonitor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.sensor = nnx.Linear(3, 1, rngs=rngs)
        self.peak = PeakHumidity(jnp.zeros(()))

    def __call__(self, reading):
        return 70.0 + 10.0 * nnx.tanh(self.sensor(reading))[..., 0]


class CellarLogger:
    def __init__(self, monitor: CellarMonitor):
        self.monitor = monitor

    def walk_racks(self, racks):
        def body(count, reading):
            humidity = self.monitor(reading)
            self.monitor.peak.value = jnp.maximum(self.monitor.peak.value, humidity.max())
            return count + 1, humidity.mean()

        _, means = lax.scan(body, 0, racks)
        return means


def main():
    racks = jnp.cos(jnp.arange(8 * 4 * 3, dtype=jnp.float32) / 5.0).reshape(8, 4, 3)
    logger = CellarLogger(CellarMonitor(nnx.Rngs(4)))
    means = logger.walk_racks(racks)
    float(means.mean() + logger.monitor.peak.value)
    return None
