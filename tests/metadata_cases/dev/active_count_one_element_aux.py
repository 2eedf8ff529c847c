# label: recompiles
# jax-error: none
# class: 1 padded batch stores its active-row count as a one-element array (jnp.sum with keepdims) in aux data
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


@jtu.register_pytree_node_class
class PaddedBatch:
    def __init__(self, rows, num_active):
        self.rows = rows
        self.num_active = num_active

    def tree_flatten(self):
        return (self.rows,), {"num_active": self.num_active}

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux["num_active"])


def pad_batch(rows, valid):
    return PaddedBatch(rows, jnp.sum(valid, keepdims=True))


@jax.jit
def mean_of_active(batch):
    return jnp.sum(batch.rows) / batch.num_active[0]


def main():
    rows = jnp.ones((4, 2))
    for valid in ([1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]):
        mean_of_active(pad_batch(rows, jnp.array(valid)))
