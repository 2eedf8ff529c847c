# label: ok
# jax-error: none
# class: 1 reshaping wrapper keeps {"shape": x.shape, "ndim": x.ndim} in aux data, not the array
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


@jtu.register_pytree_node_class
class Reshaped:
    def __init__(self, flat, shape, ndim):
        self.flat = flat
        self.shape = shape
        self.ndim = ndim

    def tree_flatten(self):
        return (self.flat,), {"shape": self.shape, "ndim": self.ndim}

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], **aux)


def wrap(x):
    return Reshaped(x.ravel(), x.shape, x.ndim)


@jax.jit
def restore_and_sum(r):
    return jnp.sum(r.flat.reshape(r.shape), axis=r.ndim - 1)


def main():
    for step in range(3):
        restore_and_sum(wrap(jnp.ones((2, 3)) * step))
