# label: ok
# jax-error: none
# class: 3 static_argnames given None for an optional mask function and a bool training flag
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("mask_fn", "training"))
def attention(q, k, mask_fn=None, training=False):
    scores = q @ k.T
    if mask_fn is not None:
        scores = mask_fn(scores)
    if training:
        scores = scores * 0.9
    return jax.nn.softmax(scores)


def main():
    q = k = jnp.ones((3, 2))
    for _ in range(3):
        attention(q, k, mask_fn=None, training=True)
