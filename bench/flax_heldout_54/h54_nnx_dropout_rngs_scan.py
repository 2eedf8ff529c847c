# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an NNX Dropout holding its own Rngs stream is closed over and called inside a raw lax.scan body
"""Recurrent policy with dropout on the hidden state, NNX version: the Dropout layer was built with
rngs=rngs and is called from a jax.lax.scan body. Returns the dropout masks, step first."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class Cell(nnx.Module):
    def __init__(self, hidden, rngs: nnx.Rngs):
        self.lin = nnx.Linear(hidden, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, h):
        mask = self.drop(jnp.ones_like(h))
        return jnp.tanh(self.lin(h * mask)), mask


def main():
    cell = Cell(6, rngs=nnx.Rngs(params=0, dropout=1))

    def step(h, _):
        h, mask = cell(h)
        return h, mask

    _, masks = scan(step, jnp.ones((2, 6)), None, length=6)
    return masks
