# label: same-values
# flax-error: none
# class: 5 a make_stepper factory returns a step that nnx.clone()s the closure model, stochastic-forcing Rngs included, in every fori_loop iteration
"""Physics-informed 1-D advection solver with a learned closure term and learned stochastic forcing."""
import jax
import jax.numpy as jnp
from flax import nnx


class StochasticForcing(nnx.Module):
    def __init__(self, n, *, rngs: nnx.Rngs):
        self.amplitude = nnx.Param(jnp.full((n,), 0.05))
        self.rngs = rngs

    def __call__(self):
        return self.amplitude[...] * jax.random.normal(self.rngs.forcing(), self.amplitude.shape)


class LearnedClosure(nnx.Module):
    def __init__(self, n, *, rngs: nnx.Rngs):
        self.closure = nnx.Linear(n, n, rngs=rngs)
        self.forcing = StochasticForcing(n, rngs=rngs)

    def __call__(self, u):
        return 1e-2 * self.closure(u), self.forcing()


def make_stepper(model, dt=0.01, speed=1.0):
    def step(u):
        local = nnx.clone(model)  # keep the caller's module untouched
        closure, forcing = local(u)
        upwind = u - speed * dt * (u - jnp.roll(u, 1)) / (1.0 / u.shape[0])
        return upwind + dt * closure + jnp.sqrt(dt) * forcing, forcing

    return step


def solve(stepper, u0, n_steps):
    def body(i, carry):
        u, forcing_log = carry
        u, forcing = stepper(u)
        return u, forcing_log.at[i].set(forcing)

    return jax.lax.fori_loop(0, n_steps, body, (u0, jnp.zeros((n_steps, u0.shape[0]))))


def main():
    n = 32
    u0 = jnp.sin(jnp.linspace(0.0, 2 * jnp.pi, n, endpoint=False))
    model = LearnedClosure(n, rngs=nnx.Rngs(params=0, forcing=1))
    _, forcing_log = solve(make_stepper(model, dt=0.005), u0, n_steps=10)
    return forcing_log
