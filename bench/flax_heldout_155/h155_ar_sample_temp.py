# label: same-values
# flax-error: none
# class: 1 the language model's own sample method scans and calls self.make_rng('sample') inside the body
"""Autoregressive sampling with temperature from a small GRU language model.

Modelled on "my sampler emits the same token over and over": make_rng is called inside the
raw lax.scan body, which is traced once, so every step draws with the same key.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, HIDDEN = 16, 32


class CharLM(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, HIDDEN)
        self.cell = nn.GRUCell(features=HIDDEN)
        self.out = nn.Dense(VOCAB)

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.out(y)

    def sample(self, h, tok, length: int, temperature: float = 1.0):
        def body(carry, _):
            h, tok = carry
            h, logits = self(h, tok)
            key = self.make_rng("sample")
            tok = jax.random.categorical(key, logits / temperature)
            return (h, tok), tok

        _, toks = jax.lax.scan(body, (h, tok), None, length=length)
        return toks


def main():
    model = CharLM()
    h = jnp.zeros((HIDDEN,))
    bos = jnp.array(0)
    variables = model.init(jax.random.key(0), h, bos)
    toks = model.apply(variables, h, bos, 12, 1.5, method=CharLM.sample,
                       rngs={"sample": jax.random.key(42)})
    return toks
