# label: ok
# flax-error: none
# class: 1 a GRU cell submodule closed over by a raw jax.lax.scan body inside the decoder, its parameters created by a warm-up call first
"""A factory builds a greedy sequence decoder; its loop is written with jax.lax.scan inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GreedyDecoder(nn.Module):
    hidden: int = 8
    vocab: int = 11

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.readout = nn.Dense(self.vocab)
        self.embed = nn.Embed(self.vocab, self.hidden)

    def __call__(self, h0, length: int = 6):
        token0 = jnp.zeros(h0.shape[:1], jnp.int32)
        if self.is_initializing():
            # create every parameter outside the loop so the scan body only reads them
            _, out = self.cell(h0, self.embed(token0))
            self.readout(out)

        def body(carry, _):
            h, token = carry
            h, out = self.cell(h, self.embed(token))
            token = jnp.argmax(self.readout(out), axis=-1)
            return (h, token), token

        _, tokens = jax.lax.scan(body, (h0, token0), None, length=length)
        return tokens


def make_decode_fn(hidden=8, vocab=11, seed=0):
    model = GreedyDecoder(hidden=hidden, vocab=vocab)
    h0 = jnp.zeros((2, hidden))
    variables = model.init(jax.random.key(seed), h0)

    def decode(h):
        return model.apply(variables, h)
    return decode


def main():
    decode = make_decode_fn()
    decode(jnp.ones((2, 8))).block_until_ready()
    return None
