# label: ok
# flax-error: none
# class: 3 nnx.Cache state split out and carried in the raw while_loop state, merged in the body
"""Autoregressive decoding, fixed: split off the Cache state and carry it through while_loop."""
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
    graphdef, params, cache = nnx.split(model, nnx.Param, nnx.Cache)

    def cond(state):
        i, tok, cache = state
        return i < 5

    def body(state):
        i, tok, cache = state
        m = nnx.merge(graphdef, params, cache)
        logits = m(tok)
        return i + 1, jnp.argmax(logits).astype(jnp.int32), nnx.state(m, nnx.Cache)

    _, _, cache = jax.lax.while_loop(cond, body, (0, jnp.array(1, jnp.int32), cache))
    nnx.update(model, cache)
    return None
