# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the ODE function module, with an nnx.Variable counting evaluations, is closed over by a jax.lax.while_loop integrator
"""Neural ODE in NNX with a custom Heun integrator run by jax.lax.while_loop until t reaches t1;
the vector field counts its function evaluations (NFE) in an nnx.Variable, as in papers that
report NFE."""
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
    y0 = jnp.ones((2, 3))
    dt, t1 = 0.25, 1.0

    def cond(state):
        t, _ = state
        return t < t1

    def heun(state):
        t, y = state
        k1 = f(t, y)
        k2 = f(t + dt, y + dt * k1)
        return t + dt, y + dt / 2 * (k1 + k2)

    t, y1 = lax.while_loop(cond, heun, (0.0, y0))
    print(y1, f.nfe.value)
