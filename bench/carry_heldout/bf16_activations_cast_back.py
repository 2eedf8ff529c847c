# label: ok
# jax-error: none
# class: 1 bfloat16 activation carry with a float32 bias, cast back with .astype(h.dtype)
import jax.numpy as jnp
from jax import lax


def main():
    W = jnp.eye(4, dtype=jnp.bfloat16) * 0.5
    b = jnp.full(4, 0.1, dtype=jnp.float32)

    def layer(h, _):
        h = jnp.tanh(W @ h + b).astype(h.dtype)
        return h, None

    h, _ = lax.scan(layer, jnp.ones(4, jnp.bfloat16), None, length=6)
    return h
