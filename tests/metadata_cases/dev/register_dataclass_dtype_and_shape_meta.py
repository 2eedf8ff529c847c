# label: ok
# jax-error: none
# class: 5 register_dataclass meta fields hold a dtype and a shape tuple read from an array
import dataclasses

import jax
import jax.numpy as jnp
from jax import tree_util


@dataclasses.dataclass
class Quantized:
    values: jax.Array
    scale: jax.Array
    dtype: jnp.dtype
    shape: tuple


tree_util.register_dataclass(Quantized, data_fields=["values", "scale"], meta_fields=["dtype", "shape"])


def quantize(x):
    scale = jnp.max(jnp.abs(x)) / 127.0
    return Quantized(jnp.round(x / scale).astype(jnp.int8), scale, x.dtype, x.shape)


@jax.jit
def dequantize(q):
    return (q.values.astype(q.dtype) * q.scale).reshape(q.shape)


def main():
    for seed in range(3):
        dequantize(quantize(jax.random.normal(jax.random.PRNGKey(seed), (2, 3))))
