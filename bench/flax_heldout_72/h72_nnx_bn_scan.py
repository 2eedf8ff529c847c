# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX model with BatchNorm closed over by a raw lax.scan body that runs it in train mode
"""'How to use BatchNorm with lax.scan in NNX': running a BatchNorm model over chunks of data."""
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.bn = nnx.BatchNorm(dout, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.linear(x)))


def main():
    model = Block(4, 8, rngs=nnx.Rngs(0))
    model.train()
    chunks = jnp.ones((3, 5, 4))

    def body(carry, x):
        y = model(x)
        return carry + y.mean(), None

    total, _ = jax.lax.scan(body, 0.0, chunks)
    return None
