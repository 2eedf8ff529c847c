# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 flax.struct static field annotated Tuple[Optional[jnp.ndarray], ...] holds (array, None) buffers
from typing import Optional, Tuple

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class CachedAttention:
    query: jnp.ndarray
    buffers: Tuple[Optional[jnp.ndarray], ...] = struct.field(pytree_node=False, default=())


@jax.jit
def attend(layer):
    keys = layer.buffers[0]
    return jax.nn.softmax(layer.query @ keys.T) @ keys


def main():
    for step in range(3):
        cache = (jnp.ones((4, 2)) * step, None)
        attend(CachedAttention(jnp.ones((1, 2)), buffers=cache))
