# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 distrax-style categorical over a sorted support (jnp.sort) returns the support as aux data through a local variable
import jax
import jax.numpy as jnp
from jax import tree_util


class DiscreteValues:
    def __init__(self, logits, support):
        self.logits = logits
        self.support = support

    def mean(self):
        return jnp.sum(jax.nn.softmax(self.logits) * self.support)


def _flatten(dist):
    static = dist.support
    return (dist.logits,), static


def _unflatten(support, leaves):
    return DiscreteValues(leaves[0], support)


tree_util.register_pytree_node(DiscreteValues, _flatten, _unflatten)


@jax.jit
def expected_value(dist):
    return dist.mean()


def main():
    atoms = jnp.array([3.0, -1.0, 0.0, 2.0])
    for t in range(3):
        dist = DiscreteValues(jnp.zeros(4) + t, jnp.sort(atoms))
        expected_value(dist)
