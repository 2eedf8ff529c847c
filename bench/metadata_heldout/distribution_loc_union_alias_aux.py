# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 distribution keeps loc annotated with a module-level alias Union[jax.Array, np.ndarray, float] in aux data; callers pass vectors
from typing import Union

import jax
import jax.numpy as jnp
import numpy as np

Numeric = Union[jax.Array, np.ndarray, float]


@jax.tree_util.register_pytree_node_class
class Laplace:
    def __init__(self, scale: jax.Array, loc: Numeric = 0.0):
        self.scale = scale
        self.loc = loc

    def tree_flatten(self):
        return (self.scale,), (self.loc,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


@jax.jit
def log_density(dist, x):
    return -jnp.sum(jnp.abs(x - dist.loc) / dist.scale + jnp.log(2 * dist.scale))


def main():
    x = jnp.ones(3)
    for _ in range(3):
        log_density(Laplace(jnp.ones(3), loc=jnp.array([0.0, 0.5, 1.0])), x)
