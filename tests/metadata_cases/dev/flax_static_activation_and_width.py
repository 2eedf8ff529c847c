# label: ok
# jax-error: none
# class: 2 flax.struct static fields hold an activation function and an int width
from typing import Callable

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class DenseLayer:
    kernel: jax.Array
    activation: Callable = struct.field(pytree_node=False, default=jax.nn.relu)
    features: int = struct.field(pytree_node=False, default=4)


@jax.jit
def forward(layer, x):
    return layer.activation(x @ layer.kernel)[..., : layer.features]


def main():
    for seed in range(3):
        layer = DenseLayer(jax.random.normal(jax.random.PRNGKey(seed), (3, 4)), activation=jnp.tanh)
        forward(layer, jnp.ones((2, 3)))
