# label: trace-context
# flax-error: TraceContextError: Cannot mutate Hidden from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the model keeps its hidden state in a custom nnx.Variable that the raw scan body assigns every step
"""RNN language model in NNX with truncated BPTT: the hidden state lives in a custom
nnx.Variable on the module (stateful RNN, like Keras' stateful=True) and the token loop is
jax.lax.scan."""
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

    def step(self, tok):
        h, y = self.cell(self.h[...], self.embed(tok))
        self.h[...] = h
        return self.head(y)


def main():
    model = StatefulRNNLM(19, 8, 2, nnx.Rngs(0))
    chunks = (jnp.arange(2 * 5 * 2) % 19).reshape(2, 5, 2)

    for chunk in chunks:  # truncated BPTT: state persists across chunks
        _, logits = scan(lambda c, tok: (c, model.step(tok)), None, chunk)
        model.h[...] = jax.lax.stop_gradient(model.h[...])
    logits.block_until_ready()
    return None
