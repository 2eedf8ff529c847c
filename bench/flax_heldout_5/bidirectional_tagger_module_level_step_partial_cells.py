# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 nlp_seq-style BiLSTM tagger scans a module-level rnn_step with functools.partial binding each setup cell; the cells are first called inside scan during init
"""Part-of-speech tagger in the spirit of flax examples/nlp_seq, with a bidirectional LSTM.
The recurrence is a module-level function `rnn_step(cell, carry, x)`; the module binds each
direction's cell with functools.partial and runs it with `from jax.lax import scan`."""
import functools

import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.linen as nn


def rnn_step(cell, carry, x):
    carry, y = cell(carry, x)
    return carry, y


class BiLSTMTagger(nn.Module):
    vocab_size: int = 30
    num_tags: int = 5
    hidden: int = 8

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, 8)
        self.fwd_cell = nn.LSTMCell(self.hidden)
        self.bwd_cell = nn.LSTMCell(self.hidden)
        self.classifier = nn.Dense(self.num_tags)

    def __call__(self, tokens):
        x = jnp.swapaxes(self.embed(tokens), 0, 1)  # [time, batch, feat]
        zeros = jnp.zeros((tokens.shape[0], self.hidden))
        _, fwd = scan(functools.partial(rnn_step, self.fwd_cell), (zeros, zeros), x)
        _, bwd = scan(functools.partial(rnn_step, self.bwd_cell), (zeros, zeros), x, reverse=True)
        h = jnp.concatenate([fwd, bwd], -1)
        return jnp.swapaxes(self.classifier(h), 0, 1)


def main():
    model = BiLSTMTagger()
    tokens = jnp.array([[3, 7, 1, 9], [2, 2, 5, 0]], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), tokens)
    logits = model.apply(variables, tokens)
    assert logits.shape == (2, 4, 5)
    return None
