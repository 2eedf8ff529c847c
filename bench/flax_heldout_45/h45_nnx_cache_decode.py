# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 decoder with nnx.Cache variables closed over by the raw while_loop body and written each step
"""Autoregressive decoding with an nnx.Cache-backed running state updated inside lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class CachedDecoder(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)
        self.summary = nnx.Cache(jnp.zeros((dim,)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, tok):
        self.summary.value = self.summary.value + self.embed(tok)
        self.index.value = self.index.value + 1
        return self.out(self.summary.value / self.index.value)


def main():
    model = CachedDecoder(7, 4, nnx.Rngs(0))

    def cond(state):
        i, tok = state
        return i < 5

    def body(state):
        i, tok = state
        logits = model(tok)
        return i + 1, jnp.argmax(logits).astype(jnp.int32)

    jax.lax.while_loop(cond, body, (0, jnp.array(1, jnp.int32)))
    return None
