# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX BatchNorm in training mode (updates running stats) called inside a raw scan
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ConvBlock(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(6, 6, rngs=rngs)
        self.bn = nnx.BatchNorm(6, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def main():
    block = ConvBlock(nnx.Rngs(params=0))
    block.train()
    batches = jnp.arange(72.0).reshape(3, 4, 6)
    lax.scan(lambda c, b: (c, block(b)), None, batches)
    return None
