# label: ok
# flax-error: none
# class: 1 the language model's own generate method scans; each sampled token leaves the loop as the scan's per-step output
"""Autoregressive sampling with temperature from an NNX GRU language model (working variant).

The sampled tokens are returned as the scan's per-step outputs instead of being appended to a
list on the module.
"""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, HIDDEN = 12, 24


class TinyLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.cell = nnx.GRUCell(HIDDEN, HIDDEN, rngs=rngs)
        self.out = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.generated = []

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.out(y)

    def generate(self, tok, key, length, temperature=0.8):
        def body(carry, _):
            h, tok, key = carry
            key, sub = jax.random.split(key)
            h, logits = self(h, tok)
            tok = jax.random.categorical(sub, logits / temperature)
            return (h, tok, key), tok

        _, toks = jax.lax.scan(body, (jnp.zeros(HIDDEN), tok, key), None, length=length)
        return toks


def main():
    model = TinyLM(nnx.Rngs(0))
    toks = model.generate(jnp.array(0), jax.random.key(5), 10)
    return toks
