# label: ok
# flax-error: none
# class: 3 solver function's lax.while_loop body counts function evaluations in its carry; the module's NFE-counter nnx.Variable is written after the loop
"""Neural ODE in NNX with a number-of-function-evaluations counter (as used to report NFE in
FFJORD-style papers); the Euler solver is a free function looping with while_loop until t1,
counting evaluations in the loop state and adding them to the module's counter afterwards."""
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
        tz = jnp.concatenate([z, jnp.broadcast_to(t, z.shape[:-1] + (1,))], -1)
        return self.l2(jnp.tanh(self.l1(tz)))


def euler_solve(func, z0, t0, t1, dt):
    def cond(state):
        t, _, _ = state
        return t < t1

    def body(state):
        t, z, n = state
        return t + dt, z + dt * func(t, z), n + 1

    _, z1, n = jax.lax.while_loop(cond, body, (jnp.asarray(t0), z0, jnp.zeros((), jnp.int32)))
    func.nfe[...] += n
    return z1


def main():
    func = ODEFunc(2, nnx.Rngs(0))
    z1 = euler_solve(func, jnp.ones((4, 2)), 0.0, 0.5, 0.1)
    z1.block_until_ready()
    return None
