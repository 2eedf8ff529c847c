# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 nnx.merge rebuilds the model inside the raw scan body from a state split once outside and closed over, not carried
"""RNN language model with embedding dropout in NNX: following the 'use split/merge with raw
JAX transforms' advice, the user splits the model once and merges it inside every
lax.scan step, closing over the split state instead of carrying it. Returns each step's
dropout mask."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class LM(nnx.Module):
    def __init__(self, vocab, hidden, rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, h, tok):
        e = self.embed(tok)
        mask = self.drop(jnp.ones_like(e))
        h, y = self.cell(h, e * mask)
        return h, self.head(y), mask


def main():
    model = LM(17, 8, nnx.Rngs(params=0, dropout=1))
    graphdef, state = nnx.split(model)
    tokens = (jnp.arange(6 * 2) % 17).reshape(6, 2)

    def step(h, tok):
        m = nnx.merge(graphdef, state)
        h, logits, mask = m(h, tok)
        return h, mask

    _, masks = lax.scan(step, jnp.zeros((2, 8)), tokens)
    return masks
