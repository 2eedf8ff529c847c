# label: trace-context
# flax-error: TraceContextError: Cannot mutate VibrationEma from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 VibrationMonitor.track runs the while_loop itself and writes its VibrationEma variable (an nnx.Variable subclass) in the body
"""Elevator maintenance: exponential moving average of car vibration features between inspections."""
import jax
import jax.numpy as jnp
from flax import nnx


class VibrationEma(nnx.Variable):
    """Running vibration signature; not a trainable parameter."""


class VibrationMonitor(nnx.Module):
    def __init__(self, channels: int, decay: float, rngs: nnx.Rngs):
        self.features = nnx.Linear(channels, channels, rngs=rngs)
        self.ema = VibrationEma(jnp.zeros(channels))
        self.decay = decay

    def track(self, readings):
        def more(i):
            return i < readings.shape[0]

        def update(i):
            feat = jnp.abs(self.features(readings[i]))
            self.ema[...] = self.decay * self.ema[...] + (1.0 - self.decay) * feat
            return i + 1

        jax.lax.while_loop(more, update, jnp.int32(0))
        return self.ema[...]

    def alarm(self, limit):
        return jnp.any(self.ema[...] > limit)


def main():
    monitor = VibrationMonitor(channels=4, decay=0.9, rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(7), (20, 4))
    monitor.track(readings)
    monitor.alarm(2.5)
    return None
