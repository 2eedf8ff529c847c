# label: ok
# jax-error: none
# class: 4 lambda body wrapping a same-file helper that keeps the hidden state and emits the pooled value
import jax.numpy as jnp
from jax import lax


def pool_and_mix(h, x):
    h = jnp.tanh(h * x)
    return h, jnp.sum(h, axis=-1)


def main():
    xs = jnp.ones((4, 2, 3))
    h, outs = lax.scan(lambda h, x: pool_and_mix(h, x), jnp.ones((2, 3)), xs)
    return outs
