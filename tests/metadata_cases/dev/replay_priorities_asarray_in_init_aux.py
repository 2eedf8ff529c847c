# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 prioritized replay converts priorities with jnp.asarray in __init__ and flattens them into aux data
import jax
import jax.numpy as jnp


class PrioritizedBatch:
    def __init__(self, transitions, priorities):
        self.transitions = transitions
        self.priorities = jnp.asarray(priorities)

    def tree_flatten(self):
        return (self.transitions,), self.priorities

    @classmethod
    def tree_unflatten(cls, priorities, children):
        return cls(children[0], priorities)


jax.tree_util.register_pytree_node(PrioritizedBatch, PrioritizedBatch.tree_flatten, PrioritizedBatch.tree_unflatten)


@jax.jit
def importance_weighted_loss(batch):
    weights = 1.0 / (batch.priorities * batch.priorities.shape[0])
    return jnp.sum(weights * batch.transitions ** 2)


def main():
    for step in range(3):
        importance_weighted_loss(PrioritizedBatch(jnp.ones(4) * step, [0.1, 0.2, 0.3, 0.4]))
