# label: ok
# flax-error: none
# class: 1 the language model's own sample method scans; make_rng('sample') runs once before the loop and the body folds in the step index
"""Autoregressive sampling with temperature from a small GRU language model (working variant).

One key is drawn with make_rng before the loop; the body derives the step key with
jax.random.fold_in(key, step), the step coming in as the scan's xs.
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
        base = self.make_rng("sample")

        def body(carry, step):
            h, tok = carry
            h, logits = self(h, tok)
            key = jax.random.fold_in(base, step)
            tok = jax.random.categorical(key, logits / temperature)
            return (h, tok), tok

        _, toks = jax.lax.scan(body, (h, tok), jnp.arange(length))
        return toks


def main():
    model = CharLM()
    h = jnp.zeros((HIDDEN,))
    bos = jnp.array(0)
    variables = model.init(jax.random.key(0), h, bos)
    toks = model.apply(variables, h, bos, 12, 1.5, method=CharLM.sample,
                       rngs={"sample": jax.random.key(42)})
    return toks
