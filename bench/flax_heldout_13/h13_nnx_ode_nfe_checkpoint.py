# label: trace-context
# flax-error: TraceContextError: Cannot mutate NFE from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the RK4 step is wrapped with jax.checkpoint at the call site; the vector field increments its NFE counter Variable inside the raw fori_loop
import jax
import jax.numpy as jnp
from flax import nnx


class NFE(nnx.Variable):
    pass


class VectorField(nnx.Module):
    def __init__(self, dim, width, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, width, rngs=rngs)
        self.hidden = nnx.Linear(width, width, rngs=rngs)
        self.out = nnx.Linear(width, dim, rngs=rngs)
        self.nfe = NFE(jnp.array(0))

    def __call__(self, t, y):
        self.nfe[...] += 1
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1)
        return self.out(nnx.softplus(self.hidden(nnx.softplus(self.inp(h)))))


def rk4_step(field, t, y, dt):
    k1 = field(t, y)
    k2 = field(t + dt / 2, y + dt / 2 * k1)
    k3 = field(t + dt / 2, y + dt / 2 * k2)
    k4 = field(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def odeint(field, y0, t1, steps=8):
    dt = t1 / steps
    step = jax.checkpoint(lambda t, y: rk4_step(field, t, y, dt))
    return jax.lax.fori_loop(0, steps, lambda i, y: step(i * dt, y), y0)


def main():
    field = VectorField(2, 16, nnx.Rngs(0))
    y1 = odeint(field, jnp.ones((3, 2)), 1.0)
    print("nfe", field.nfe[...])
    return None
