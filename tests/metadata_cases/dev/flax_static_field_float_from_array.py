# label: ok
# jax-error: none
# class: 2 flax.struct static field given float(jnp.std(data)), computed once from the dataset
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class Scaler:
    offset: jax.Array
    spread: float = struct.field(pytree_node=False)


@jax.jit
def transform(scaler, x):
    return (x - scaler.offset) / scaler.spread


def main():
    data = jnp.arange(12.0).reshape(4, 3)
    spread = float(jnp.std(data))
    for row in data:
        transform(Scaler(offset=jnp.mean(data, axis=0), spread=spread), row)
