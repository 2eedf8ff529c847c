# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'jaxlib._jax.ArrayImpl'>, [2 0 3 1]. The error was:
# class: 3 jax.jit(..., static_argnums=1) called with a jnp.argsort ranking
import jax
import jax.numpy as jnp


def reorder(features, ranking):
    return features[jnp.asarray(ranking)]


reorder_jit = jax.jit(reorder, static_argnums=1)


def main():
    scores = jnp.array([0.3, 0.9, 0.1, 0.5])
    ranking = jnp.argsort(scores)
    for step in range(3):
        reorder_jit(jnp.ones((4, 2)) * step, ranking)
