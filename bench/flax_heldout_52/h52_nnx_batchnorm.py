# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a model with nnx.BatchNorm in train mode closed over by the raw scan body, running stats written in place
"""Extracting features chunk by chunk with lax.scan from an NNX CNN that is still in train mode."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Features(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(1, 4, (3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x))).mean(axis=(1, 2))


def main():
    model = Features(nnx.Rngs(0))
    chunks = jax.random.normal(jax.random.PRNGKey(0), (3, 2, 8, 8, 1))

    def body(carry, chunk):
        return carry, model(chunk)

    _, feats = lax.scan(body, None, chunks)
    feats.block_until_ready()
    return None
