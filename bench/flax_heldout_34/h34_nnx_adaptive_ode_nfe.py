# label: trace-context
# flax-error: TraceContextError: Cannot mutate NFE from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an NNX vector field bumps its own nnx.Variable evaluation counter; a module-level odeint helper receives it as a plain callable and an rk4_step helper calls it from the raw while_loop body
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
        self.nfe.value += 1
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        return self.l2(nnx.softplus(self.l1(h)))


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    k4 = f(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def odeint(f, y0, t0, t1, dt):
    def cond(carry):
        t, _ = carry
        return t < t1

    def body(carry):
        t, y = carry
        h = jnp.minimum(dt, t1 - t)
        return t + h, rk4_step(f, t, y, h)

    _, y1 = while_loop(cond, body, (jnp.asarray(t0, jnp.float32), y0))
    return y1


def main():
    field = VectorField(3, nnx.Rngs(0))
    y1 = odeint(field, jnp.ones((2, 3)), 0.0, 1.0, 0.3)
    y1.block_until_ready()
    return None
