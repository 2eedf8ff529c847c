# label: ok
# jax-error: none
# class: 2 flax.struct static flag set with bool(jnp.any(mask)), the same for every batch
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class MaskedBatch:
    values: jax.Array
    mask: jax.Array
    has_padding: bool = struct.field(pytree_node=False)


def make_batch(values, mask):
    return MaskedBatch(values, mask, has_padding=bool(jnp.any(mask == 0)))


@jax.jit
def batch_mean(batch):
    if batch.has_padding:
        return jnp.sum(batch.values * batch.mask) / jnp.sum(batch.mask)
    return jnp.mean(batch.values)


def main():
    mask = jnp.array([1.0, 1.0, 0.0])
    for step in range(3):
        batch_mean(make_batch(jnp.ones(3) * step, mask))
