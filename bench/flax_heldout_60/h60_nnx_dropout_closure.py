# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 NNX model with Dropout (holding nnx.Rngs) closed over by a raw lax.scan body, Equinox-style
"""Equinox habit carried into NNX: the model is treated as a pytree and simply closed over by
the scan body. The model has Dropout with its own Rngs stream."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Block(nnx.Module):
    def __init__(self, d, rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x):
        return x + self.drop(nnx.gelu(self.lin(x)))


def main():
    model = Block(8, nnx.Rngs(params=0, dropout=1))
    xs = jnp.ones((4, 2, 8))

    def body(h, x):
        h = model(h + x)
        return h, None

    h, _ = lax.scan(body, jnp.zeros((2, 8)), xs)
    print(h.sum())
    return None
