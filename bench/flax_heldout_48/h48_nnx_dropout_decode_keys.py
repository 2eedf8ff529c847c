# label: ok
# flax-error: none
# class: 3 per-step keys split before the raw scan are scanned as xs and passed explicitly to Dropout (rngs=key) and categorical
"""The decoder sampler with explicit keys: nothing in the body touches nnx.Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, rngs):
        self.embed = nnx.Embed(vocab, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, deterministic=False, rngs=rngs)
        self.out = nnx.Linear(16, vocab, rngs=rngs)

    def __call__(self, tok, key=None):
        return self.out(self.drop(self.embed(tok), rngs=key))


def main():
    rngs = nnx.Rngs(params=0, dropout=1, sample=2)
    model = Decoder(32, rngs)
    tok0 = jnp.zeros((4,), jnp.int32)
    keys = jax.random.split(rngs.sample(), 6)

    def step(tok, key):
        k_drop, k_sample = jax.random.split(key)
        logits = model(tok, key=k_drop)
        nxt = jax.random.categorical(k_sample, logits)
        return nxt, nxt

    _, toks = jax.lax.scan(step, tok0, keys)
    return toks
