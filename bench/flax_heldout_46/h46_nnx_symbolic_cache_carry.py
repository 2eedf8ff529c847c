# label: ok
# flax-error: none
# class: 2 module method self.step is the scan body; the hidden state leaves through the carry and the cache is set after the loop
"""NNX symbolic sequence model (chord tokens) that keeps its recurrent state in a decode cache between calls."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

VOCAB = 24


class ChordDecoder(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, dim, rngs=rngs)
        self.rec = nnx.Linear(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, VOCAB, rngs=rngs)
        self.cache = {}
        self.dim = dim

    def step(self, h, token):
        h = jnp.tanh(self.rec(h) + self.embed(token))
        return h, self.out(h)

    def prime(self, tokens):
        h0 = self.cache.get("h", jnp.zeros((tokens.shape[1], self.dim)))
        h, logits = scan(self.step, h0, tokens)
        self.cache["h"] = h
        return logits

    def continue_from_cache(self, n):
        h = self.cache["h"]
        tok = jnp.argmax(self.out(h), -1)
        return tok


def main():
    dec = ChordDecoder(16, rngs=nnx.Rngs(0))
    dec.prime(jnp.zeros((4, 2), jnp.int32))
    dec.continue_from_cache(3)
    return None
