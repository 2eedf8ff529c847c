# label: ok
# flax-error: none
# class: 1 HiveSmoother.__call__ runs the scan itself; the reading count rides in the carry and is written to its 'counters' variable after the loop
"""Beehive scale telemetry: smooths hourly hive weights and counts the readings processed."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class HiveSmoother(nn.Module):
    alpha: float = 0.2

    @nn.compact
    def __call__(self, weights):
        readings = self.variable("counters", "readings", lambda: jnp.zeros((), jnp.int32))
        bias = self.param("bias", nn.initializers.zeros, ())

        def hour(carry, w):
            level, count = carry
            level = (1.0 - self.alpha) * level + self.alpha * (w + bias)
            return (level, count + 1), level

        (_, count), smoothed = lax.scan(hour, (weights[0], readings.value), weights)
        readings.value = count
        return smoothed


class TelemetryJob:
    def __init__(self, model):
        self.model = model
        self.variables = None

    def run(self, weights):
        if self.variables is None:
            self.variables = self.model.init(jax.random.key(0), weights)
        smoothed, updates = self.model.apply(self.variables, weights, mutable=["counters"])
        self.variables = {**self.variables, **updates}
        return smoothed


def main():
    job = TelemetryJob(HiveSmoother())
    weights = 41.0 + jnp.cumsum(jax.random.normal(jax.random.key(1), (24,)) * 0.05)
    job.run(weights)
    total = job.variables["counters"]["readings"] + 0
    return None
