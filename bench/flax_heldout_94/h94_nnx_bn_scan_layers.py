# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX block with BatchNorm in training mode is closed over and called in a raw jax.lax.scan over depth
"""Weight-tied deep network in NNX: one residual block with BatchNorm applied N times via
jax.lax.scan instead of a Python loop to keep compile time down."""
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
    x = jnp.ones((4, 8))

    def layer(h, _):
        return block(h), None

    out, _ = jax.lax.scan(layer, x, None, length=4)
    print(block.bn.mean.value)
