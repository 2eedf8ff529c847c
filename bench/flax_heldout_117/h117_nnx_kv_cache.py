# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 TinyLM.generate runs lax.while_loop and calls self inside the body; the attention layer writes its nnx.Cache variables
"""Greedy decoding with a KV cache for a one-layer NNX transformer, in a raw while_loop.

Shape of the reports: a generate() method on the NNX model that calls the model from a
jax.lax.while_loop body while the attention layer appends to nnx.Cache variables.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CachedAttention(nnx.Module):
    def __init__(self, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.q = nnx.Linear(dim, dim, rngs=rngs)
        self.k = nnx.Linear(dim, dim, rngs=rngs)
        self.v = nnx.Linear(dim, dim, rngs=rngs)
        self.cached_key = nnx.Cache(jnp.zeros((batch, max_len, dim)))
        self.cached_value = nnx.Cache(jnp.zeros((batch, max_len, dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))
        self.max_len = max_len

    def __call__(self, x):  # x: [batch, 1, dim]
        i = self.index[...]
        self.cached_key[...] = lax.dynamic_update_slice(self.cached_key[...], self.k(x), (0, i, 0))
        self.cached_value[...] = lax.dynamic_update_slice(self.cached_value[...], self.v(x), (0, i, 0))
        self.index[...] = i + 1
        att = jnp.einsum("bqd,bkd->bqk", self.q(x), self.cached_key[...]) / jnp.sqrt(x.shape[-1])
        att = jnp.where((jnp.arange(self.max_len) <= i)[None, None, :], att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), self.cached_value[...])


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = CachedAttention(dim, max_len, batch, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tok):  # tok: [batch, 1]
        x = self.embed(tok)
        return self.out(x + self.attn(x))

    def generate(self, tok, steps):
        out = jnp.zeros((tok.shape[0], steps), jnp.int32)

        def cond(state):
            return state[0] < steps

        def body(state):
            i, tok, out = state
            logits = self(tok)
            nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None]
            return i + 1, nxt, out.at[:, i].set(nxt[:, 0])

        _, _, out = lax.while_loop(cond, body, (0, tok, out))
        return out


def main():
    model = TinyLM(32, 16, 16, 2, rngs=nnx.Rngs(0))
    tokens = model.generate(jnp.array([[3], [5]], jnp.int32), 10)
    print(tokens)
    return None
