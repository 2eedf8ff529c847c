# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 flax PyTreeNode static field with default_factory=partial(jnp.linspace, ...) quadrature nodes
from functools import partial

import jax
import jax.numpy as jnp
from flax import struct


class Quadrature(struct.PyTreeNode):
    weight: jax.Array
    nodes: jax.Array = struct.field(pytree_node=False, default_factory=partial(jnp.linspace, 0.0, 1.0, 9))


@jax.jit
def integrate(quad):
    return quad.weight * jnp.trapezoid(jnp.exp(quad.nodes), quad.nodes)


def main():
    for w in (1.0, 2.0, 3.0):
        integrate(Quadrature(weight=jnp.float32(w)))
