# label: trace-context
# flax-error: TraceContextError: Cannot mutate ExcursionCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_excursion_step(monitor) returns a step function closing over the monitor, whose ExcursionCount and PeakTemp Variable subclasses it updates in the while_loop body
"""Vaccine cold chain: replays a shipment's logger trace until the first critical excursion.

Counters are Variable subclasses so that checkpoints can filter them apart from parameters.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ExcursionCount(nnx.Variable):
    pass


class PeakTemp(nnx.Variable):
    pass


class ShipmentMonitor(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.risk = nnx.Linear(sensors, 1, rngs=rngs)
        self.excursions = ExcursionCount(jnp.zeros((), jnp.int32))
        self.peak = PeakTemp(jnp.full((), -jnp.inf))

    def observe(self, reading):
        risk = jax.nn.sigmoid(self.risk(reading)[0])
        self.excursions[...] = self.excursions[...] + (jnp.max(reading) > 8.0).astype(jnp.int32)
        self.peak[...] = jnp.maximum(self.peak[...], jnp.max(reading))
        return risk


def make_excursion_step(monitor: ShipmentMonitor, trace):
    def step(state):
        t, _ = state
        risk = monitor.observe(trace[t])
        return t + 1, risk

    return step


def replay(monitor, trace, critical_risk=0.97):
    step = make_excursion_step(monitor, trace)

    def keep_going(state):
        t, risk = state
        return (t < trace.shape[0]) & (risk < critical_risk)

    return jax.lax.while_loop(keep_going, step, (0, jnp.zeros(())))


def main():
    hours = jnp.arange(96)
    trace = 5.0 + 2.5 * jnp.sin(hours / 9.0)[:, None] + 0.3 * jax.random.normal(jax.random.key(2), (96, 4))
    monitor = ShipmentMonitor(4, rngs=nnx.Rngs(0))
    t, risk = replay(monitor, trace)
    jax.block_until_ready((t, risk, monitor.excursions[...], monitor.peak[...]))
    return None
