# label: ok
# jax-error: none
# class: 4 functools.partial body; the helper returns an int32 count of elements above the threshold
import functools

import jax.numpy as jnp
from jax import lax


def count_above(x, threshold):
    return jnp.sum(x > threshold, dtype=jnp.int32)


def count_step(count, x, threshold):
    return count + count_above(x, threshold), None


def main():
    xs = jnp.arange(24.0).reshape(6, 4)
    count, _ = lax.scan(functools.partial(count_step, threshold=10.0), jnp.zeros((), jnp.int32), xs)
    return count
