# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'jaxlib._jax.ArrayImpl'>, [1. 1. 1.]. The error was:
# class: 3 jax.jit(f, static_argnums=2) called with jnp.ones(...) written at the call site
import jax
import jax.numpy as jnp


def weighted_sum(values, axis, weights):
    return jnp.sum(values * weights, axis=axis)


weighted_sum_jit = jax.jit(weighted_sum, static_argnums=(1, 2))


def main():
    for step in range(3):
        weighted_sum_jit(jnp.ones((2, 3)) * step, 1, jnp.ones(3))
