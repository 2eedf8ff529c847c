# label: trace-context
# flax-error: TraceContextError: Cannot mutate EvalCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a custom nnx.Variable counting function evaluations is incremented inline in a raw while_loop body of an adaptive solver
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class EvalCount(nnx.Variable):
    pass


class Dynamics(nnx.Module):
    def __init__(self, dim, rngs):
        self.w1 = nnx.Linear(dim, 16, rngs=rngs)
        self.w2 = nnx.Linear(16, dim, rngs=rngs)
        self.nfe = EvalCount(jnp.array(0, jnp.int32))

    def __call__(self, y):
        return self.w2(jnp.tanh(self.w1(y)))


def integrate_until(field, y0, t_end, dt0=0.1, tol=1e-2):
    def cond(state):
        t, y, dt = state
        return t < t_end

    def body(state):
        t, y, dt = state
        full = y + dt * field(y)
        half = y + 0.5 * dt * field(y)
        half = half + 0.5 * dt * field(half)
        field.nfe[...] = field.nfe[...] + 3
        err = jnp.max(jnp.abs(full - half))
        dt = jnp.where(err > tol, dt * 0.5, jnp.minimum(dt * 1.5, t_end - t))
        return t + dt, half, dt

    _, y, _ = lax.while_loop(cond, body, (0.0, y0, dt0))
    return y


def main():
    field = Dynamics(3, nnx.Rngs(0))
    y = integrate_until(field, jnp.ones((2, 3)), 1.0)
    int(field.nfe[...])
    return None
