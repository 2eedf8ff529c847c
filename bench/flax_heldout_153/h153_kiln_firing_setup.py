# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 KilnProgram.__call__ runs the fori_loop itself; its setup() submodule and 'setpoint' param are first touched inside the loop body during init
"""Ceramic kiln firing schedule: a per-zone controller ramps the kiln toward its learned setpoint
over a fixed number of control ticks."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ZoneController(nn.Module):
    n_zones: int

    @nn.compact
    def __call__(self, temps, target):
        error = target - temps
        correction = nn.Dense(self.n_zones, name='pid_surrogate')(jnp.concatenate([temps, error]))
        return temps + 0.1 * jnp.tanh(correction)


class KilnProgram(nn.Module):
    n_zones: int = 4
    ramp_ticks: int = 12

    def setup(self):
        self.controller = ZoneController(self.n_zones)
        self.setpoint = self.param('setpoint', nn.initializers.constant(1.2), (self.n_zones,))

    def __call__(self, ambient):
        def tick(i, temps):
            target = self.setpoint * (i + 1) / self.ramp_ticks
            return self.controller(temps, target)

        return lax.fori_loop(0, self.ramp_ticks, tick, ambient)


class FiringJob:
    def __init__(self, program, seed=0):
        self.program = program
        self.seed = seed
        self.variables = None

    def compile_schedule(self, ambient):
        self.variables = self.program.init(jax.random.key(self.seed), ambient)

    def fire(self, ambient):
        return self.program.apply(self.variables, ambient)


def main():
    job = FiringJob(KilnProgram(n_zones=4, ramp_ticks=12))
    ambient = jnp.full((4,), 0.02)
    job.compile_schedule(ambient)
    final = job.fire(ambient)
    jax.block_until_ready(final)
    return None
