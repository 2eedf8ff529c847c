# label: ok
# flax-error: none
# class: 3 the block's split state is the jax.lax.scan carry; each layer merges it and splits the updated BatchStat back out
"""Same weight-tied network; the block is split outside, the state (BatchStat included) rides in
the carry, each layer merges, runs and returns nnx.state of the merged block, and the final state
is written back with nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx


class TiedBlock(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.bn = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, x):
        return x + nnx.gelu(self.bn(self.linear(x)))


def main():
    block = TiedBlock(8, rngs=nnx.Rngs(0))
    block.train()
    graphdef, state = nnx.split(block)
    x = jnp.ones((4, 8))

    def layer(carry, _):
        h, state = carry
        b = nnx.merge(graphdef, state)
        h = b(h)
        return (h, nnx.state(b)), None

    (out, state), _ = jax.lax.scan(layer, (x, state), None, length=4)
    nnx.update(block, state)
    print(block.bn.mean.value)
