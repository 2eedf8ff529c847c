# label: same-values
# flax-error: none
# class: 4 the split state, Rngs counters included, is closed over and merged as a copy in every jax.lax.scan step
"""'nnx.Rngs in scan body gives same dropout mask': to get rid of a TraceContextError the user
split the model before jax.lax.scan and merges a copy of the captured state in each step, so the
dropout RngCount never advances."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Block(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.dropout = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.dropout(jnp.ones_like(x)), self.linear(x)


def main():
    block = Block(6, rngs=nnx.Rngs(params=0, dropout=1))
    graphdef, state = nnx.split(block)
    xs = jnp.ones((4, 2, 6))

    def step(h, x):
        m = nnx.merge(graphdef, state, copy=True)
        mask, y = m(x + h)
        return y * mask, mask

    _, masks = jax.lax.scan(step, jnp.zeros((2, 6)), xs)
    return masks
