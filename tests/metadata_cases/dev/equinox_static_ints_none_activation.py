# label: ok
# jax-error: none
# class: 4 equinox module with static int sizes, an optional None and an activation callable
from typing import Callable, Optional

import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    weight: jax.Array
    in_size: int = eqx.field(static=True)
    out_size: int = eqx.field(static=True)
    activation: Callable = eqx.field(static=True)
    dropout: Optional[float] = eqx.field(static=True, default=None)

    def __init__(self, in_size, out_size, key, activation=jax.nn.gelu):
        self.weight = jax.random.normal(key, (out_size, in_size))
        self.in_size = in_size
        self.out_size = out_size
        self.activation = activation

    def __call__(self, x):
        return self.activation(self.weight @ x)


@eqx.filter_jit
def run(block, x):
    return block(x)


def main():
    for seed in range(3):
        block = Block(3, 2, jax.random.PRNGKey(seed))
        run(block, jnp.ones(3))
