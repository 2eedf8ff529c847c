# label: ok
# jax-error: none
# class: 2 flax PyTreeNode static fields hold a jnp dtype and an Enum
import enum

import jax
import jax.numpy as jnp
from flax import struct


class Precision(enum.Enum):
    DEFAULT = 0
    HIGHEST = 1


class MatmulConfig(struct.PyTreeNode):
    kernel: jax.Array
    compute_dtype: jnp.dtype = struct.field(pytree_node=False, default=jnp.bfloat16)
    precision: Precision = struct.field(pytree_node=False, default=Precision.DEFAULT)


@jax.jit
def matmul(config, x):
    out = x.astype(config.compute_dtype) @ config.kernel.astype(config.compute_dtype)
    return out.astype(jnp.float32)


def main():
    for step in range(3):
        matmul(MatmulConfig(jnp.ones((3, 3)) * step), jnp.ones((2, 3)))
