# label: ok
# flax-error: none
# class: 3 the ODE function's split state, NFE counter included, rides in the jax.lax.while_loop state and is merged in the body
"""Same Heun integrator; the vector field is split before the loop, its state (the NFE counter
among it) is part of the while_loop state, merged in the body and split back out; nnx.update
writes the final count back."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ODEFunc(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.l1 = nnx.Linear(dim + 1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)
        self.nfe = nnx.Variable(jnp.array(0))

    def __call__(self, t, y):
        self.nfe.value += 1
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1)
        return self.l2(jnp.tanh(self.l1(h)))


def main():
    f = ODEFunc(3, rngs=nnx.Rngs(0))
    graphdef, fstate = nnx.split(f)
    y0 = jnp.ones((2, 3))
    dt, t1 = 0.25, 1.0

    def cond(state):
        t, _, _ = state
        return t < t1

    def heun(state):
        t, y, fstate = state
        func = nnx.merge(graphdef, fstate)
        k1 = func(t, y)
        k2 = func(t + dt, y + dt * k1)
        return t + dt, y + dt / 2 * (k1 + k2), nnx.split(func)[1]

    t, y1, fstate = lax.while_loop(cond, heun, (0.0, y0, fstate))
    nnx.update(f, fstate)
    print(y1, f.nfe.value)
