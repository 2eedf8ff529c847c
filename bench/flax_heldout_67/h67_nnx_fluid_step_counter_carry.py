# label: ok
# flax-error: none
# class: 2 the fori_loop body is the bound method self._substep; the step counter travels in the loop carry and is written back after the loop
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

    def _substep(self, i, carry):
        u, n = carry
        t = jnp.full(u.shape[:-1] + (1,), n * self.dt)
        u = self.advect(u) + self.dt * self.correction(jnp.concatenate([u, t], -1))
        return u, n + 1

    def __call__(self, u, substeps: int = 4):
        u, n = jax.lax.fori_loop(0, substeps, self._substep, (u, self.n_steps.value))
        self.n_steps.value = n
        return u


def main():
    solver = LearnedSolver(2, 0.05, nnx.Rngs(0))
    u = jax.random.normal(jax.random.key(1), (16, 16, 2))
    solver(u).block_until_ready()
