# label: ok
# flax-error: none
# class: 2 NNX scan-over-layers: blocks created with nnx.vmap under nnx.split_rngs, applied with nnx.scan whose StateAxes scan the stacked layer state
"""Scan over layers in NNX (the pattern in the Linen-to-NNX guide and flax issue #4871):
a stack of identical blocks is created with nnx.split_rngs + nnx.vmap and run with
nnx.scan(in_axes=(StateAxes({...: 0}), nnx.Carry))."""
import jax
import jax.numpy as jnp
from flax import nnx

DEPTH = 3
WIDTH = 8


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(WIDTH, WIDTH, rngs=rngs)
        self.norm = nnx.LayerNorm(WIDTH, rngs=rngs)

    def __call__(self, x):
        return x + nnx.gelu(self.linear(self.norm(x)))


class Stack(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=DEPTH)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def create_blocks(rngs: nnx.Rngs):
            return Block(rngs)

        self.blocks = create_blocks(rngs)

    def __call__(self, x):
        state_axes = nnx.StateAxes({...: 0})

        @nnx.scan(in_axes=(state_axes, nnx.Carry), out_axes=nnx.Carry)
        def forward(block, x):
            return block(x)

        return forward(self.blocks, x)


def main():
    model = Stack(nnx.Rngs(0))
    y = model(jnp.ones((2, WIDTH)))
    assert y.shape == (2, WIDTH)
    return None
