# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 padded sequences return {"lengths": ...} or {} as aux data from a conditional expression; lengths come from jnp.asarray at the call site
import jax
import jax.numpy as jnp


class Sequences:
    def __init__(self, values, lengths=None):
        self.values = values
        self.lengths = lengths

    def tree_flatten(self):
        aux = {"lengths": self.lengths} if self.lengths is not None else {}
        return (self.values,), aux

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], **aux)


jax.tree_util.register_pytree_node(Sequences, Sequences.tree_flatten, Sequences.tree_unflatten)


@jax.jit
def last_steps(seqs):
    return seqs.values[jnp.arange(seqs.values.shape[0]), seqs.lengths - 1]


def main():
    for _ in range(3):
        seqs = Sequences(jnp.ones((3, 5)), jnp.asarray([5, 2, 4]))
        last_steps(seqs)
