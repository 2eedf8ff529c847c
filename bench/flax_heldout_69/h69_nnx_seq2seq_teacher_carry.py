# label: ok
# flax-error: none
# class: 3 decoder state carried through the scan and merged back with nnx.merge after the loop
"""Seq2seq translation (NNX) trained with teacher forcing; the decoder state comes out of the
scan carry and is merged after the loop for greedy decoding."""
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

    def step(carry, tok):
        h, state = carry
        dec = nnx.merge(graphdef, state)
        h, logits = dec(h, tok)
        return (h, nnx.state(dec)), logits

    (h, state), logits = jax.lax.scan(step, (enc_state, state), targets.T)
    decoder = nnx.merge(graphdef, state)
    _, greedy = decoder(h, jnp.argmax(logits[-1], -1))
    print(greedy.shape)
    return None
