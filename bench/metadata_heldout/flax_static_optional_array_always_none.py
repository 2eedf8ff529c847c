# label: ok
# jax-error: none
# class: 2 static field annotated Optional[jax.Array] that defaults to None and is never given an array
from typing import Optional

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class Decoder:
    embedding: jax.Array
    bias_table: Optional[jax.Array] = struct.field(pytree_node=False, default=None)


@jax.jit
def decode(decoder, ids):
    out = decoder.embedding[ids]
    if decoder.bias_table is not None:
        out = out + decoder.bias_table[ids]
    return out


def main():
    ids = jnp.array([0, 2])
    for seed in range(3):
        decode(Decoder(jax.random.normal(jax.random.PRNGKey(seed), (4, 3))), ids)
