# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 decoder merged inside the scan body and stored in an outer dict, used after the loop
"""Seq2seq translation (NNX) trained with teacher forcing; the decoder is split and merged in
jax.lax.scan, and the user stashes the merged decoder to greedy-decode afterwards."""
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, hidden, rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.out(y)


def main():
    decoder = Decoder(24, 16, nnx.Rngs(0))
    graphdef, state = nnx.split(decoder)
    enc_state = jnp.zeros((3, 16))
    targets = jnp.ones((3, 6), jnp.int32)
    trained = {}

    def step(carry, tok):
        h, state = carry
        dec = nnx.merge(graphdef, state)
        h, logits = dec(h, tok)
        trained["decoder"] = dec
        return (h, nnx.state(dec)), logits

    (h, state), logits = jax.lax.scan(step, (enc_state, state), targets.T)
    _, greedy = trained["decoder"](h, jnp.argmax(logits[-1], -1))
    print(greedy.shape)
    return None
