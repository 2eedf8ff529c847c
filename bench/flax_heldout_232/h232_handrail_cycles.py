# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_cycle_step() closes over the 'maintenance' cycles variable and returns the fori_loop body that writes it
import functools

import jax
import jax.numpy as jnp
import flax.linen as fl
from jax.lax import fori_loop


def make_cycle_step(cycles, friction_of, loads):
    def cycle_step(i, wear):
        cycles.value = cycles.value + 1
        return wear + friction_of(loads[i])

    return cycle_step


class HandrailFriction(fl.Module):
    @fl.compact
    def __call__(self, load):
        return fl.softplus(fl.Dense(1, name="belt")(load)).sum()


class HandrailMonitor(fl.Module):
    belt_segments: int = 4

    @fl.compact
    def __call__(self, loads):
        cycles = self.variable("maintenance", "cycles", lambda: jnp.zeros((), jnp.int32))
        friction = HandrailFriction(name="friction")
        baseline = friction(loads[0])
        step = make_cycle_step(cycles, friction, loads)
        wear = fori_loop(0, loads.shape[0], step, baseline)
        return wear


@functools.lru_cache(maxsize=None)
def passenger_loads(segments: int, shifts: int = 5):
    hours = jnp.arange(shifts, dtype=jnp.float32)[:, None]
    return jnp.cos(hours * 0.7 + jnp.arange(segments, dtype=jnp.float32)[None, :])


class NightShift:
    def __init__(self, monitor: HandrailMonitor):
        self.monitor = monitor
        self.variables = None

    def commission(self, loads):
        variables = self.monitor.init(jax.random.key(8), loads)
        self.variables = {"params": variables["params"], "maintenance": {"cycles": jnp.zeros((), jnp.int32)}}

    def run(self, loads):
        wear, updates = self.monitor.apply(self.variables, loads, mutable=["maintenance"])
        self.variables = {**self.variables, **updates}
        return wear

    def cycles_logged(self):
        return self.variables["maintenance"]["cycles"] * 1


def main():
    shift = NightShift(HandrailMonitor())
    loads = passenger_loads(shift.monitor.belt_segments)
    shift.commission(loads)
    wear = shift.run(loads)
    logged = shift.cycles_logged()
    jax.block_until_ready((wear, logged))
    return None
