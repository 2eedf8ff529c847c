# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 DropoutGRUDecoder.greedy_decode runs lax.scan itself and calls self (GRU cell, dropout, head) in the scan body
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DropoutGRUDecoder(nnx.Module):
    def __init__(self, vocab_size, hidden, dropout_rate, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab_size, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(dropout_rate, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab_size, rngs=rngs)

    def __call__(self, h, token):
        h, out = self.cell(h, self.embed(token))
        return h, self.head(self.dropout(out))

    def teacher_forced_logits(self, h, tokens):
        logits = []
        for t in range(tokens.shape[1]):
            h, step_logits = self(h, tokens[:, t])
            logits.append(step_logits)
        return jnp.stack(logits, axis=1)

    def greedy_decode(self, h0, bos, max_len):
        def body(carry, _):
            h, token = carry
            h, logits = self(h, token)
            next_token = jnp.argmax(logits, axis=-1)
            return (h, next_token), next_token

        _, tokens = lax.scan(body, (h0, bos), None, length=max_len)
        return tokens.T


def main():
    decoder = DropoutGRUDecoder(vocab_size=12, hidden=16, dropout_rate=0.2, rngs=nnx.Rngs(0, dropout=1))
    h0 = jnp.zeros((2, 16))
    targets = jnp.array([[1, 4, 2, 7], [3, 3, 5, 0]])
    logits = decoder.teacher_forced_logits(h0, targets)
    print('train logits', logits.shape)
    context = jax.random.normal(jax.random.key(2), (2, 16))
    tokens = decoder.greedy_decode(context, jnp.zeros((2,), jnp.int32), max_len=6)
    jax.block_until_ready(tokens)
