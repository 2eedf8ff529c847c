# label: ok
# flax-error: none
# class: 3 the hidden state is read from the nnx.Variable before the raw scan, carried explicitly, and written back after it
"""RNN language model in NNX with truncated BPTT: the hidden Variable is read before the
jax.lax.scan over tokens, the hidden state is the scan carry, and it is written back after."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Hidden(nnx.Variable):
    pass


class StatefulRNNLM(nnx.Module):
    def __init__(self, vocab, hidden, batch, rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.SimpleCell(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)
        self.h = Hidden(jnp.zeros((batch, hidden)))

    def step(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.head(y)


def main():
    model = StatefulRNNLM(19, 8, 2, nnx.Rngs(0))
    chunks = (jnp.arange(2 * 5 * 2) % 19).reshape(2, 5, 2)

    for chunk in chunks:  # truncated BPTT: state persists across chunks
        h, logits = scan(model.step, model.h[...], chunk)
        model.h[...] = jax.lax.stop_gradient(h)
    logits.block_until_ready()
    return None
