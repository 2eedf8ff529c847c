# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 flax PyTreeNode static field whose default_factory builds jnp.eye; every instance gets a new identity array
import jax
import jax.numpy as jnp
from flax import struct


class LinearOperator(struct.PyTreeNode):
    scale: jax.Array
    basis: jax.Array = struct.field(pytree_node=False, default_factory=lambda: jnp.eye(3))


@jax.jit
def apply_operator(op, v):
    return op.scale * (op.basis @ v)


def main():
    v = jnp.ones(3)
    for s in (0.5, 1.0, 1.5):
        apply_operator(LinearOperator(scale=jnp.float32(s)), v)
