# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 functools.partial body; a helper returns a float fraction that lands in the int32 counter
import functools

import jax.numpy as jnp
from jax import lax


def fraction_above(x, threshold):
    return jnp.mean(x > threshold)


def count_step(count, x, threshold):
    return count + fraction_above(x, threshold), None


def main():
    xs = jnp.arange(24.0).reshape(6, 4)
    count, _ = lax.scan(functools.partial(count_step, threshold=10.0), jnp.zeros((), jnp.int32), xs)
    return count
