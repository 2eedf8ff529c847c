# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the decode method scans a closure that calls self on each token; the attention layer writes its KV-cache Variables inside the raw scan
"""In-context learning transformer in NNX with a hand-written KV cache, decoding a continuation greedily."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Cache(nnx.Variable):
    pass


class CachedAttention(nnx.Module):
    def __init__(self, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.k = Cache(jnp.zeros((batch, max_len, dim)))
        self.v = Cache(jnp.zeros((batch, max_len, dim)))
        self.idx = Cache(jnp.array(0, jnp.int32))
        self.dim, self.max_len = dim, max_len

    def __call__(self, x):  # (B, 1, dim)
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.idx[...]
        self.k[...] = jax.lax.dynamic_update_slice(self.k[...], k, (0, i, 0))
        self.v[...] = jax.lax.dynamic_update_slice(self.v[...], v, (0, i, 0))
        self.idx[...] = i + 1
        att = jnp.einsum("bqd,bkd->bqk", q, self.k[...]) / jnp.sqrt(self.dim)
        att = jnp.where(jnp.arange(self.max_len) <= i, att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, axis=-1), self.v[...])


class ICLTransformer(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = CachedAttention(dim, max_len, batch, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tok):
        h = self.embed(tok)
        h = h + self.attn(h)
        return self.head(self.norm(h))

    def decode(self, first_tok, steps):
        def body(tok, _):
            nxt = jnp.argmax(self(tok), axis=-1)
            return nxt, nxt[:, 0]

        _, toks = jax.lax.scan(body, first_tok, None, length=steps)
        return toks.T


def main():
    model = ICLTransformer(11, 8, 8, 2, rngs=nnx.Rngs(0))
    model.decode(jnp.array([[3], [5]]), steps=5)
    return None
