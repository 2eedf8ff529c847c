# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "k" in "/CachedSelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a module-level greedy decoder receives the model, params and a KV cache and calls model.apply inside lax.scan without mutable=['cache']
"""In-context learning transformer (one cached attention layer) decoding a continuation token by token."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CachedSelfAttention(nn.Module):
    dim: int = 8
    max_len: int = 8

    @nn.compact
    def __call__(self, x):  # x: (B, 1, dim)
        q, k, v = jnp.split(nn.Dense(3 * self.dim, name="qkv")(x), 3, axis=-1)
        b = x.shape[0]
        ck = self.variable("cache", "k", jnp.zeros, (b, self.max_len, self.dim))
        cv = self.variable("cache", "v", jnp.zeros, (b, self.max_len, self.dim))
        idx = self.variable("cache", "idx", lambda: jnp.array(0, jnp.int32))
        i = idx.value
        ck.value = lax.dynamic_update_slice(ck.value, k, (0, i, 0))
        cv.value = lax.dynamic_update_slice(cv.value, v, (0, i, 0))
        idx.value = i + 1
        att = jnp.einsum("bqd,bkd->bqk", q, ck.value) / jnp.sqrt(self.dim)
        att = jnp.where(jnp.arange(self.max_len) <= i, att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, axis=-1), cv.value)


class ICLTransformer(nn.Module):
    vocab: int = 11
    dim: int = 8

    @nn.compact
    def __call__(self, tok):  # tok: (B, 1) int
        h = nn.Embed(self.vocab, self.dim)(tok)
        h = h + CachedSelfAttention(self.dim)(h)
        return nn.Dense(self.vocab)(nn.LayerNorm()(h))


def greedy_decode(model, params, cache, first_tok, steps):
    def body(tok, _):
        logits = model.apply({"params": params, "cache": cache}, tok)
        nxt = jnp.argmax(logits, axis=-1)
        return nxt, nxt[:, 0]

    _, toks = lax.scan(body, first_tok, None, length=steps)
    return toks.T


def main():
    model = ICLTransformer()
    tok = jnp.array([[3], [5]])
    variables = model.init(jax.random.key(0), tok)
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    greedy_decode(model, variables["params"], cache, tok, steps=5)
    return None
