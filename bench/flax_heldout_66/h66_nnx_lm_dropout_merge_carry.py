# label: ok
# flax-error: none
# class: 3 the split state travels in the raw scan carry; the body merges it and returns nnx.state(m)
"""RNN language model with embedding dropout in NNX; the state from nnx.split is carried
through lax.scan and returned after every merge, so the dropout RNG advances. Returns each
step's dropout mask."""
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

    def step(carry, tok):
        h, state = carry
        m = nnx.merge(graphdef, state)
        h, logits, mask = m(h, tok)
        return (h, nnx.state(m)), mask

    (_, state), masks = lax.scan(step, (jnp.zeros((2, 8)), state), tokens)
    nnx.update(model, state)
    return masks
