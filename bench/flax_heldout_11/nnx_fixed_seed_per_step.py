# label: same-values
# flax-error: none
# class: 1 a fresh nnx.Rngs(0) built inside the inline scan body for a Dropout call; returns the masks
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    drop = nnx.Dropout(0.5)
    x = jnp.ones(6)

    def body(c, _):
        y = drop(x, rngs=nnx.Rngs(0))  # "fix" for the trace error, new rngs each step
        return c, y

    _, ys = jax.lax.scan(body, None, None, length=4)
    print(ys)
    return ys != 0
