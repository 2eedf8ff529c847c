# label: trace-context
# flax-error: TraceContextError: Cannot mutate NFE from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 vector-field module bumps its own NFE-counter nnx.Variable when called from a solver function's lax.while_loop body
"""Neural ODE in NNX with a number-of-function-evaluations counter (as used to report NFE in
FFJORD-style papers); the Euler solver is a free function looping with while_loop until t1."""
import jax
import jax.numpy as jnp
from flax import nnx


class NFE(nnx.Variable):
    pass


class ODEFunc(nnx.Module):
    def __init__(self, dim, rngs):
        self.l1 = nnx.Linear(dim + 1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)
        self.nfe = NFE(jnp.zeros((), jnp.int32))

    def __call__(self, t, z):
        self.nfe[...] += 1
        tz = jnp.concatenate([z, jnp.broadcast_to(t, z.shape[:-1] + (1,))], -1)
        return self.l2(jnp.tanh(self.l1(tz)))


def euler_solve(func, z0, t0, t1, dt):
    def cond(state):
        t, _ = state
        return t < t1

    def body(state):
        t, z = state
        return t + dt, z + dt * func(t, z)

    _, z1 = jax.lax.while_loop(cond, body, (jnp.asarray(t0), z0))
    return z1


def main():
    func = ODEFunc(2, nnx.Rngs(0))
    z1 = euler_solve(func, jnp.ones((4, 2)), 0.0, 0.5, 0.1)
    z1.block_until_ready()
    return None
