# label: ok
# flax-error: none
# class: 3 an NNX vector field is handed to a module-level odeint helper as a plain callable that only reads it; an rk4_step helper calls it from the raw while_loop body and the evaluation count travels in the loop carry
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class NFE(nnx.Variable):
    pass


class VectorField(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)
        self.nfe = NFE(jnp.array(0, jnp.int32))

    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        return self.l2(nnx.softplus(self.l1(h)))


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    k4 = f(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4), 4


def odeint(f, y0, t0, t1, dt):
    def cond(carry):
        t, _, _ = carry
        return t < t1

    def body(carry):
        t, y, nfe = carry
        h = jnp.minimum(dt, t1 - t)
        y, n = rk4_step(f, t, y, h)
        return t + h, y, nfe + n

    _, y1, nfe = while_loop(cond, body, (jnp.asarray(t0, jnp.float32), y0, jnp.array(0, jnp.int32)))
    return y1, nfe


def main():
    field = VectorField(3, nnx.Rngs(0))
    y1, nfe = odeint(field, jnp.ones((2, 3)), 0.0, 1.0, 0.3)
    field.nfe.value += nfe
    y1.block_until_ready()
    return None
