# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 flax.struct dataclass declares an attention mask with struct.field(pytree_node=False); a new batch builds a new mask
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class Batch:
    tokens: jnp.ndarray
    mask: jnp.ndarray = struct.field(pytree_node=False)


@jax.jit
def masked_mean(batch):
    weights = batch.mask.astype(jnp.float32)
    return jnp.sum(batch.tokens * weights) / jnp.sum(weights)


def main():
    lengths = [3, 5, 4]
    for length in lengths:
        mask = jnp.arange(6) < 5
        masked_mean(Batch(tokens=jnp.full((6,), float(length)), mask=mask))
