# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level nnx.jit rk4_step is given the outer vector-field module from a functools.partial body of jax.lax.fori_loop inside integrate()
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class VectorField(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, y):
        return self.l2(jnp.tanh(self.l1(y)))


@nnx.jit
def rk4_step(field, y, dt):
    k1 = field(y)
    k2 = field(y + dt / 2 * k1)
    k3 = field(y + dt / 2 * k2)
    k4 = field(y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def _step_body(field, dt, i, y):
    return rk4_step(field, y, dt)


def integrate(field, y0, t1, num_steps):
    dt = t1 / num_steps
    body = functools.partial(_step_body, field, dt)
    return jax.lax.fori_loop(0, num_steps, body, y0)


def main():
    field = VectorField(3, rngs=nnx.Rngs(0))
    y0 = jnp.ones((2, 3))
    y1 = integrate(field, y0, t1=1.0, num_steps=4)
    print("y(1) =", y1)
    return None
