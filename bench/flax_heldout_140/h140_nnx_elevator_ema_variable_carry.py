# label: ok
# flax-error: none
# class: 1 VibrationMonitor.track runs the while_loop itself; the VibrationEma value (an nnx.Variable subclass) rides in the carry and is written after the loop
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
        def more(state):
            i, _ = state
            return i < readings.shape[0]

        def update(state):
            i, ema = state
            feat = jnp.abs(self.features(readings[i]))
            return i + 1, self.decay * ema + (1.0 - self.decay) * feat

        _, ema = jax.lax.while_loop(more, update, (jnp.int32(0), self.ema[...]))
        self.ema[...] = ema
        return self.ema[...]

    def alarm(self, limit):
        return jnp.any(self.ema[...] > limit)


def main():
    monitor = VibrationMonitor(channels=4, decay=0.9, rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(7), (20, 4))
    monitor.track(readings)
    monitor.alarm(2.5)
    return None
