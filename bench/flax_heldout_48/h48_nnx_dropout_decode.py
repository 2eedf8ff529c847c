# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an autoregressive sampler's raw jax.lax.scan body calls a model whose nnx.Dropout draws from the module's nnx.Rngs and samples with rngs.sample()
"""A char-level decoder ported from PyTorch: dropout is left on while sampling, keys come from nnx.Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, rngs):
        self.embed = nnx.Embed(vocab, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, deterministic=False, rngs=rngs)
        self.out = nnx.Linear(16, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.out(self.drop(self.embed(tok)))


def main():
    rngs = nnx.Rngs(params=0, dropout=1, sample=2)
    model = Decoder(32, rngs)
    tok0 = jnp.zeros((4,), jnp.int32)

    def step(tok, _):
        logits = model(tok)
        nxt = jax.random.categorical(rngs.sample(), logits)
        return nxt, nxt

    _, toks = jax.lax.scan(step, tok0, None, length=6)
    return toks
