# label: ok
# flax-error: none
# class: 2 the refiner is a local of refine; its state travels in the fori_loop carry, merged and split in the body, and updates the refiner after the loop
"""Weight-tied iterative refinement with an NNX block (Linear + BatchNorm) in lax.fori_loop.

The block's state is part of the fori_loop carry; the body merges it, runs the block, splits
it again, and the final state is written back after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class TiedBlock(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, z, x):
        return nnx.tanh(self.norm(self.linear(z)) + x)


def refine(block, x, steps):
    graphdef, state = nnx.split(block)

    def body(i, carry):
        z, state = carry
        block = nnx.merge(graphdef, state)
        z = block(z, x)
        _, state = nnx.split(block)
        return z, state

    z, state = jax.lax.fori_loop(0, steps, body, (jnp.zeros_like(x), state))
    nnx.update(block, state)
    return z


def main():
    block = TiedBlock(6, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (4, 6))
    refine(block, x, steps=5)
    block.eval()
    z = block(jnp.zeros_like(x), x)
    jax.block_until_ready(z)
    return None
