# label: ok
# jax-error: none
# class: 1 aux data holds a numpy statistic converted with .item() to a Python float that stays the same
import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_pytree_node_class
class Standardized:
    def __init__(self, values, norm):
        self.values = values
        self.norm = norm

    def tree_flatten(self):
        return (self.values,), self.norm

    @classmethod
    def tree_unflatten(cls, norm, children):
        return cls(children[0], norm)


@jax.jit
def rescale(x):
    return x.values / x.norm


def main():
    dataset = np.arange(1.0, 9.0, dtype=np.float32)
    norm = np.float32(np.linalg.norm(dataset)).item()
    for batch in dataset.reshape(4, 2):
        rescale(Standardized(jnp.asarray(batch), norm))
