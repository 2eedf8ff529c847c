# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 Poisson process annotates its rates jax.Array in __init__ and returns them as aux data from tree_flatten_with_keys
import jax
import jax.numpy as jnp
from jax.tree_util import GetAttrKey, register_pytree_with_keys_class


@register_pytree_with_keys_class
class PoissonProcess:
    def __init__(self, counts: jax.Array, rates: jax.Array):
        self.counts = counts
        self.rates = rates

    def tree_flatten_with_keys(self):
        return ((GetAttrKey("counts"), self.counts),), self.rates

    @classmethod
    def tree_unflatten(cls, rates, children):
        return cls(children[0], rates)


@jax.jit
def log_likelihood(process):
    return jnp.sum(process.counts * jnp.log(process.rates) - process.rates)


def main():
    for day in range(3):
        log_likelihood(PoissonProcess(jnp.array([1.0, 0.0, 2.0]) + day, jnp.array([0.5, 1.0, 1.5])))
