# label: recompiles
# jax-error: none
# class: 1 conditional-expression aux data holds jnp.sum(mask), a 0-d array that differs per batch
import jax
import jax.numpy as jnp


class MaskedValues:
    def __init__(self, values, total=None):
        self.values = values
        self.total = total

    def tree_flatten(self):
        return (self.values,), ((self.total,) if self.total is not None else ())

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


jax.tree_util.register_pytree_node(MaskedValues, MaskedValues.tree_flatten, MaskedValues.tree_unflatten)


@jax.jit
def masked_mean(mv):
    return jnp.sum(mv.values) / mv.total


def main():
    values = jnp.ones(5)
    for mask in ([1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 1, 0, 0]):
        mask = jnp.array(mask)
        masked_mean(MaskedValues(values * mask, jnp.sum(mask)))
