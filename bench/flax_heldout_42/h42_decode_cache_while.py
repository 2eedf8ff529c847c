# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/CachedSelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a Sampler object stores the decoder and its variables; the while_loop body calls the stored apply wrapper in decode mode, which writes the 'cache' collection
"""Greedy autoregressive sampler for a tiny causal decoder with a KV cache.

The Sampler keeps a `model.apply` wrapper on itself and generates with a raw
`jax.lax.while_loop` until EOS or max length.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CachedSelfAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x, decode: bool = False):
        q = nn.Dense(self.dim, name="q")(x)
        k = nn.Dense(self.dim, name="k")(x)
        v = nn.Dense(self.dim, name="v")(x)
        if decode:
            is_init = self.has_variable("cache", "cached_key")
            ck = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], self.max_len, self.dim))
            cv = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], self.max_len, self.dim))
            idx = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
            if is_init:
                i = idx.value
                ck.value = lax.dynamic_update_slice(ck.value, k, (0, i, 0))
                cv.value = lax.dynamic_update_slice(cv.value, v, (0, i, 0))
                idx.value = i + 1
                mask = (jnp.arange(self.max_len) <= i)[None, None, :]
                att = jnp.einsum("bqd,bkd->bqk", q, ck.value) / jnp.sqrt(self.dim)
                att = jnp.where(mask, att, -1e9)
                return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), cv.value)
        att = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(self.dim)
        causal = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
        att = jnp.where(causal[None], att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), v)


class TinyDecoder(nn.Module):
    vocab: int = 11
    dim: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        h = nn.Embed(self.vocab, self.dim)(tokens)
        h = h + CachedSelfAttention(self.dim, self.max_len)(h, decode=decode)
        return nn.Dense(self.vocab)(h)


class Sampler:
    def __init__(self, model: TinyDecoder, params, eos_id: int = 0):
        self.model = model
        self.params = params
        self.eos_id = eos_id
        self.apply_fn = functools.partial(model.apply, decode=True)

    def init_cache(self, batch):
        tokens = jnp.zeros((batch, self.model.max_len), jnp.int32)
        variables = self.model.init(jax.random.PRNGKey(0), tokens, decode=True)
        return variables["cache"]

    def generate(self, prompt_tok):
        cache = self.init_cache(prompt_tok.shape[0])
        out = jnp.zeros((prompt_tok.shape[0], self.model.max_len), jnp.int32)

        def cond(state):
            i, tok, out, cache = state
            return (i < self.model.max_len) & jnp.all(tok[:, 0] != self.eos_id)

        def body(state):
            i, tok, out, cache = state
            logits = self.apply_fn({"params": self.params, "cache": cache}, tok)
            nxt = logits[:, -1].argmax(-1)[:, None].astype(jnp.int32)
            out = out.at[:, i].set(nxt[:, 0])
            return i + 1, nxt, out, cache

        _, _, out, _ = lax.while_loop(cond, body, (0, prompt_tok, out, cache))
        return out


def main():
    model = TinyDecoder()
    params = model.init(jax.random.PRNGKey(1), jnp.ones((1, 8), jnp.int32))["params"]
    sampler = Sampler(model, params, eos_id=0)
    out = sampler.generate(jnp.full((2, 1), 3, jnp.int32))
    out.block_until_ready()
    return None
