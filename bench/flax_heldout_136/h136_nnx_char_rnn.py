# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 CharRNN.__call__ runs jax.lax.scan and calls its own LSTMCell and Dropout in the body
"""Character-level LSTM language model in NNX, stepping the cell with a raw jax.lax.scan.

Modelled on NNX migration questions: a model that worked with a Python for-loop is moved to
lax.scan inside __call__; in training mode its Dropout draws from the module's Rngs in the body.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class CharRNN(nnx.Module):
    def __init__(self, vocab: int, hidden: int, rngs: nnx.Rngs):
        self.hidden = hidden
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.LSTMCell(hidden, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, tokens):  # tokens: [time, batch]
        zeros = jnp.zeros((tokens.shape[1], self.hidden))
        carry = (zeros, zeros)

        def step(carry, tok):
            carry, h = self.cell(carry, self.embed(tok))
            return carry, self.out(self.drop(h))

        _, logits = jax.lax.scan(step, carry, tokens)
        return logits


def main():
    model = CharRNN(vocab=20, hidden=16, rngs=nnx.Rngs(params=0, dropout=1))
    tokens = jnp.arange(12).reshape(6, 2) % 20
    logits = model(tokens)
    loss = -jnp.mean(jax.nn.log_softmax(logits)[..., 0])
    loss.block_until_ready()
    return None
