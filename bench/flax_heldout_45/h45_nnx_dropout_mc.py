# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.Dropout holding its own nnx.Rngs, called from the raw scan body (RngCount written)
"""MC dropout in NNX: T stochastic forward passes in lax.scan, returning the dropout masks."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    dropout = nnx.Dropout(rate=0.5, rngs=nnx.Rngs(dropout=0))
    x = jnp.ones((6,))

    def sample(carry, _):
        return carry, dropout(x) != 0

    _, masks = jax.lax.scan(sample, None, None, length=5)
    return masks
