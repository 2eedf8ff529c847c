# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 length-sorted batch keeps the argsort permutation in aux data returned through a local variable
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


class SortedBatch:
    def __init__(self, tokens, order, num_real):
        self.tokens = tokens
        self.order = order
        self.num_real = num_real


def flatten_sorted_batch(batch):
    aux = (batch.order, batch.num_real)
    return [batch.tokens], aux


def unflatten_sorted_batch(aux, children):
    order, num_real = aux
    return SortedBatch(children[0], order, num_real)


jtu.register_pytree_node(SortedBatch, flatten_sorted_batch, unflatten_sorted_batch)


def sort_by_length(tokens, lengths):
    order = jnp.argsort(-lengths)
    return SortedBatch(tokens[order], order, int(lengths.shape[0]))


@jax.jit
def unsort_logits(batch):
    logits = jnp.tanh(batch.tokens)
    return logits[jnp.argsort(batch.order)]


def main():
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, sub = jax.random.split(key)
        lengths = jax.random.randint(sub, (6,), 1, 9)
        unsort_logits(sort_by_length(jnp.ones((6, 9)), lengths))
