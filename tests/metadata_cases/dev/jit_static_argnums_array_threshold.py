# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'jaxlib._jax.ArrayImpl'>, 1.0. The error was:
# class: 3 partial(jax.jit, static_argnums=(1,)) given a jnp.array threshold at the call site
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def clip_gradients(grads, max_norm):
    norm = jnp.linalg.norm(grads)
    return grads * jnp.minimum(1.0, max_norm / norm)


def main():
    max_norm = jnp.array(1.0)
    for step in range(3):
        clip_gradients(jnp.ones(4) * (step + 1), max_norm)
