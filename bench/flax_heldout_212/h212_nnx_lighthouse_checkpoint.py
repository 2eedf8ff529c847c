# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a factory make_checkpointed_step returns jax.checkpoint(functools.partial(_step, detector)); a LampMonitor scans it, and the detector's Dropout draws from its own nnx.Rngs inside
"""Lighthouse lamp monitoring: a fault detector reads the lamp changer's current, rotation
speed and lens temperature every few minutes; sampled dropout gives a confidence band."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class LampFaultDetector(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(sensors, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, readings):
        h = self.drop(nnx.relu(self.inp(readings)))
        return nnx.sigmoid(self.out(h))[..., 0]


def _step(detector, readings):
    return detector(readings)


def make_checkpointed_step(detector):
    return jax.checkpoint(functools.partial(_step, detector))


class LampMonitor:
    def __init__(self, step_fn):
        self.step_fn = step_fn

    def fault_probabilities(self, readings_over_time):
        def tick(carry, readings):
            return carry, self.step_fn(readings)

        _, probs = jax.lax.scan(tick, None, readings_over_time)
        return probs


def main():
    readings = jax.random.normal(jax.random.key(0), (6, 2, 3))
    detector = LampFaultDetector(3, nnx.Rngs(params=0, dropout=1))
    monitor = LampMonitor(make_checkpointed_step(detector))
    return monitor.fault_probabilities(readings)
