# label: trace-context
# flax-error: TraceContextError: Cannot mutate RiseEMA from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the lax.while_loop body writes tracker.rise_ema, a Variable subclass on the tracker module passed to the settling function
"""Sourdough starter monitoring: track the rise of a starter jar until it peaks, smoothing with an EMA."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class RiseEMA(nnx.Variable):
    """Smoothed jar height; excluded from nnx.Param so optimizers leave it alone."""


class StarterTracker(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, decay: float = 0.8):
        self.decay = decay
        self.height = nnx.Linear(2, 1, rngs=rngs)  # from (temperature, hours since feed)
        self.rise_ema = RiseEMA(jnp.zeros(()))

    def observe(self, reading):
        rise = nnx.relu(self.height(reading))[0]
        self.rise_ema[...] = self.decay * self.rise_ema[...] + (1.0 - self.decay) * rise
        return rise


def settle(tracker: StarterTracker, readings, tolerance=1e-3):
    """Feed readings until the smoothed rise stops growing (the peak) or readings run out."""

    def rising(carry):
        i, last, current = carry
        return (i < readings.shape[0]) & (current - last > tolerance)

    def next_reading(carry):
        i, _, current = carry
        tracker.observe(readings[i])
        return i + 1, current, tracker.rise_ema[...]

    return lax.while_loop(rising, next_reading, (0, jnp.array(-1.0), jnp.array(0.0)))


def main():
    hours = jnp.arange(12, dtype=jnp.float32)
    readings = jnp.stack([jnp.full_like(hours, 24.0) / 30.0, hours / 12.0], axis=-1)
    tracker = StarterTracker(nnx.Rngs(0))
    settle(tracker, readings)
    return None
