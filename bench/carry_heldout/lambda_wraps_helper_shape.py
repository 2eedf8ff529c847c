# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 lambda body wrapping a same-file helper that sums the hidden state without keepdims
import jax.numpy as jnp
from jax import lax


def pool_and_mix(h, x):
    pooled = jnp.sum(h * x, axis=-1)
    return pooled, pooled


def main():
    xs = jnp.ones((4, 2, 3))
    h, outs = lax.scan(lambda h, x: pool_and_mix(h, x), jnp.ones((2, 3)), xs)
    return outs
