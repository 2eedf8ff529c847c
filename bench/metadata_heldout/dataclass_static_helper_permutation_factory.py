# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 5 a local static_field() built on dataclasses.field(metadata=dict(static=True)) receives jax.random.permutation in a factory
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


def static_field():
    return field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclass
class ShuffledLayer:
    kernel: jax.Array
    permutation: jax.Array = static_field()


def make_layer(key, size):
    kernel_key, perm_key = jax.random.split(key)
    return ShuffledLayer(jax.random.normal(kernel_key, (size, size)), jax.random.permutation(perm_key, size))


@jax.jit
def apply_layer(layer, x):
    return layer.kernel @ x[layer.permutation]


def main():
    for seed in range(3):
        apply_layer(make_layer(jax.random.PRNGKey(seed), 4), jnp.ones(4))
