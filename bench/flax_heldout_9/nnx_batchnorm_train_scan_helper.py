# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a helper function called from the raw scan body runs BatchNorm in train mode on the outside model
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ConvBlock(nnx.Module):
    def __init__(self, dim, rngs):
        self.dense = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.dense(x)))


def apply_block(block, x):
    return block(x)


def main():
    block = ConvBlock(6, nnx.Rngs(0))
    block.train()
    batches = jax.random.normal(jax.random.key(1), (4, 8, 6))

    def body(acc, batch):
        y = apply_block(block, batch)
        return acc + y.mean(), None

    total, _ = lax.scan(body, 0.0, batches)
    total.block_until_ready()
    return None
