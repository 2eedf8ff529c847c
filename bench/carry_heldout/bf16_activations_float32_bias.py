# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 bfloat16 activation carry gets a float32 bias added (bfloat16 + float32 promotes to float32)
import jax.numpy as jnp
from jax import lax


def main():
    W = jnp.eye(4, dtype=jnp.bfloat16) * 0.5
    b = jnp.full(4, 0.1, dtype=jnp.float32)

    def layer(h, _):
        h = jnp.tanh(W @ h + b)
        return h, None

    h, _ = lax.scan(layer, jnp.ones(4, jnp.bfloat16), None, length=6)
    return h
