# label: ok
# flax-error: none
# class: 1 keys split outside and passed as xs; a fresh nnx.Rngs(key) per step for Dropout; returns the masks
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    drop = nnx.Dropout(0.5)
    x = jnp.ones(6)
    keys = jax.random.split(jax.random.key(0), 4)

    def body(c, k):
        y = drop(x, rngs=nnx.Rngs(dropout=k))
        return c, y

    _, ys = jax.lax.scan(body, None, keys)
    print(ys)
    return ys != 0
