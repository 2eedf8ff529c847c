# label: ok
# jax-error: none
# class: 2 flax.struct static fields hold a string name and a tuple of hidden sizes
from typing import Tuple

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class MLPSpec:
    weights: Tuple[jax.Array, ...]
    name: str = struct.field(pytree_node=False, default="mlp")
    hidden_sizes: Tuple[int, ...] = struct.field(pytree_node=False, default=(4, 4))


@jax.jit
def mlp(spec, x):
    for w, size in zip(spec.weights, spec.hidden_sizes):
        x = jax.nn.relu(x @ w)[:, :size]
    return x


def main():
    for seed in range(3):
        k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
        spec = MLPSpec((jax.random.normal(k1, (3, 4)), jax.random.normal(k2, (4, 4))))
        mlp(spec, jnp.ones((2, 3)))
