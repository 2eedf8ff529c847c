# label: ok
# flax-error: none
# class: 3 the raw scan body is a bound method of a read-only S5-style layer; only Params are read
import jax
import jax.numpy as jnp
from flax import nnx


class S5Layer(nnx.Module):
    def __init__(self, d_model, d_state, rngs):
        self.log_lambda = nnx.Param(-jnp.linspace(0.1, 1.0, d_state))
        self.B = nnx.Linear(d_model, d_state, rngs=rngs)
        self.C = nnx.Linear(d_state, d_model, rngs=rngs)

    def recurrence(self, x, u_t):
        x = jnp.exp(self.log_lambda[...]) * x + self.B(u_t)
        return x, self.C(x)

    def __call__(self, us):
        x0 = jnp.zeros(self.log_lambda.shape)
        _, ys = jax.lax.scan(self.recurrence, x0, us)
        return ys


def main():
    layer = S5Layer(3, 6, nnx.Rngs(0))
    ys = layer(jnp.ones((7, 3)))
    ys.block_until_ready()
    return None
