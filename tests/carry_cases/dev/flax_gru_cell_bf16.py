# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 flax.linen GRUCell (float32 params) applied in a raw scan body over a bfloat16 carry: the new carry is float32
import jax
import jax.numpy as jnp
import flax.linen as nn


def main():
    cell = nn.GRUCell(features=8)
    xs = jnp.ones((5, 3))
    h0 = jnp.zeros(8, jnp.bfloat16)
    params = cell.init(jax.random.PRNGKey(0), h0, xs[0])

    def body(h, x):
        h, y = cell.apply(params, h, x)
        return h, y

    h, ys = jax.lax.scan(body, h0, xs)
    return ys
