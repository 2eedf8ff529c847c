# label: ok
# flax-error: none
# class: 3 CellarLogger.monitor: the scan body emits each rack's peak humidity as ys and the PeakHumidity Variable subclass is assigned once after the loop
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
            return count + 1, (humidity.mean(), humidity.max())

        _, (means, peaks) = lax.scan(body, 0, racks)
        self.monitor.peak.value = jnp.maximum(self.monitor.peak.value, peaks.max())
        return means


def main():
    racks = jnp.cos(jnp.arange(8 * 4 * 3, dtype=jnp.float32) / 5.0).reshape(8, 4, 3)
    logger = CellarLogger(CellarMonitor(nnx.Rngs(4)))
    means = logger.walk_racks(racks)
    float(means.mean() + logger.monitor.peak.value)
    return None
