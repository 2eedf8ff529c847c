# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_vector_field is a factory whose closure builds the NNX ODE network lazily on first call; that first call happens inside the fori_loop body
"""NNX neural ODE integrated with a hand-written RK4 fori_loop, vector field from a lazy factory.

Modelled on neural-ODE ports that build the network "when the state dimension is known": the
factory's closure creates the NNX module on its first call and caches it. The first call is an
RK4 stage inside the raw fori_loop body, so the cached module's parameters are created in the
traced body and are used again after the solve.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ODEFunc(nnx.Module):
    def __init__(self, dim, hidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, t, y):
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        return self.l2(jnp.tanh(self.l1(ty)))


def make_vector_field(hidden=32, seed=0):
    cache = {}

    def f(t, y):
        if "net" not in cache:
            cache["net"] = ODEFunc(y.shape[-1], hidden, rngs=nnx.Rngs(seed))
        return cache["net"](t, y)

    return f


def odeint_rk4(f, y0, t1, steps):
    dt = t1 / steps

    def body(i, y):
        t = i * dt
        k1 = f(t, y)
        k2 = f(t + dt / 2, y + dt / 2 * k1)
        k3 = f(t + dt / 2, y + dt / 2 * k2)
        k4 = f(t + dt, y + dt * k3)
        return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return lax.fori_loop(0, steps, body, y0)


def main():
    f = make_vector_field()
    y0 = jnp.array([[1.0, 0.0], [0.5, 0.5]])
    y1 = odeint_rk4(f, y0, 1.0, steps=10)
    velocity_at_end = f(1.0, y1)
    jax.block_until_ready(velocity_at_end)
