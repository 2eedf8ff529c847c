# label: ok
# flax-error: none
# class: 2 the LRU layer reads its own Params (attributes of self) inside a raw scan body, without writing them
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class LRU(nnx.Module):
    """Linear recurrent unit with a diagonal complex recurrence."""

    def __init__(self, d_in, d_state, rngs: nnx.Rngs):
        k1, k2, k3 = jax.random.split(rngs.params(), 3)
        self.nu_log = nnx.Param(jnp.log(-jnp.log(jax.random.uniform(k1, (d_state,), minval=0.9, maxval=0.99))))
        self.theta = nnx.Param(jax.random.uniform(k2, (d_state,), maxval=6.28))
        self.B = nnx.Param(jax.random.normal(k3, (d_state, d_in)) / jnp.sqrt(d_in))
        self.C = nnx.Linear(d_state, d_in, rngs=rngs)

    def __call__(self, xs):
        lam = jnp.exp(-jnp.exp(self.nu_log.value) + 1j * self.theta.value)

        def step(h, x):
            h = lam * h + self.B.value @ x
            return h, self.C(h.real)

        h0 = jnp.zeros(self.theta.value.shape, dtype=jnp.complex64)
        _, ys = lax.scan(step, h0, xs)
        return ys


def main():
    layer = LRU(d_in=3, d_state=8, rngs=nnx.Rngs(0))
    ys = layer(jnp.ones((20, 3)))
    print(ys.shape)
    return None
