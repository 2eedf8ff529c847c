# label: trace-context
# flax-error: TraceContextError: Cannot mutate SimTime from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the fori_loop body is the bound method self._substep, which increments a custom nnx.Variable counter used for the time feature
"""Learned Eulerian fluid solver (grid advection + learned correction), sub-stepped with fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class SimTime(nnx.Variable):
    pass


class LearnedSolver(nnx.Module):
    def __init__(self, channels: int, dt: float, rngs: nnx.Rngs):
        self.correction = nnx.Conv(channels + 1, channels, (3, 3), rngs=rngs)
        self.n_steps = SimTime(jnp.int32(0))
        self.dt = dt

    def advect(self, u):
        return u - self.dt * (u - jnp.roll(u, 1, axis=0))

    def _substep(self, i, u):
        t = jnp.full(u.shape[:-1] + (1,), self.n_steps.value * self.dt)
        u = self.advect(u) + self.dt * self.correction(jnp.concatenate([u, t], -1))
        self.n_steps.value += 1
        return u

    def __call__(self, u, substeps: int = 4):
        return jax.lax.fori_loop(0, substeps, self._substep, u)


def main():
    solver = LearnedSolver(2, 0.05, nnx.Rngs(0))
    u = jax.random.normal(jax.random.key(1), (16, 16, 2))
    solver(u).block_until_ready()
