# label: ok
# flax-error: none
# class: 3 Sampler.generate reads self.model / self.params inside a lax.while_loop body; the cache goes through the loop state and apply uses mutable=['cache']
"""Greedy decoding for a one-layer transformer LM with a key/value cache, in a raw while_loop.

Twin of h117_kv_decode: the cache is part of the while_loop state, updated with
mutable=['cache'] and written back to the sampler after the loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CachedSelfAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x):  # x: [batch, 1, dim], one new token
        q, k, v = nn.Dense(self.dim)(x), nn.Dense(self.dim)(x), nn.Dense(self.dim)(x)
        ck = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], self.max_len, self.dim))
        cv = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], self.max_len, self.dim))
        idx = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        i = idx.value
        ck.value = lax.dynamic_update_slice(ck.value, k, (0, i, 0))
        cv.value = lax.dynamic_update_slice(cv.value, v, (0, i, 0))
        idx.value = i + 1
        att = jnp.einsum("bqd,bkd->bqk", q, ck.value) / jnp.sqrt(self.dim)
        att = jnp.where((jnp.arange(self.max_len) <= i)[None, None, :], att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, axis=-1), cv.value)


class TinyLM(nn.Module):
    vocab: int = 32
    dim: int = 16
    max_len: int = 16

    @nn.compact
    def __call__(self, tok):  # tok: [batch, 1]
        x = nn.Embed(self.vocab, self.dim)(tok)
        x = x + CachedSelfAttention(self.dim, self.max_len)(x)
        return nn.Dense(self.vocab)(nn.LayerNorm()(x))


class Sampler:
    def __init__(self, model, params, cache):
        self.model = model
        self.params = params
        self.cache = cache

    def generate(self, tok, steps):
        out = jnp.zeros((tok.shape[0], steps), jnp.int32)

        def cond(state):
            return state[0] < steps

        def body(state):
            i, tok, out, cache = state
            logits, updates = self.model.apply(
                {"params": self.params, "cache": cache}, tok, mutable=["cache"]
            )
            nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None]
            return i + 1, nxt, out.at[:, i].set(nxt[:, 0]), updates["cache"]

        _, _, out, self.cache = lax.while_loop(cond, body, (0, tok, out, self.cache))
        return out


def main():
    model = TinyLM()
    prompt = jnp.array([[1], [2]], jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    sampler = Sampler(model, variables["params"], variables["cache"])
    tokens = sampler.generate(prompt, 8)
    print(tokens, sampler.cache["CachedSelfAttention_0"]["index"])
    return None
