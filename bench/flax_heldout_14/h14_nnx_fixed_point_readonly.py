# label: ok
# flax-error: none
# class: 1 read-only NNX module called in an inline raw while_loop body (fixed-point solver)
import jax
import jax.numpy as jnp
from flax import nnx


class Layer(nnx.Module):
    def __init__(self, d, rngs):
        self.w = nnx.Linear(d, d, use_bias=False, kernel_init=nnx.initializers.normal(0.05), rngs=rngs)

    def __call__(self, z, x):
        return jnp.tanh(self.w(z) + x)


def main():
    f = Layer(4, nnx.Rngs(0))
    x = jnp.arange(4.0) / 4

    def cond(s):
        z, z_prev, i = s
        return (jnp.abs(z - z_prev).max() > 1e-6) & (i < 100)

    z, _, iters = jax.lax.while_loop(lambda s: cond(s), lambda s: (f(s[0], x), s[0], s[2] + 1),
                                     (f(jnp.zeros(4), x), jnp.zeros(4), 0))
    return None
