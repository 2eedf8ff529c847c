# label: ok
# flax-error: none
# class: 3 'cache' collection carried through the scan and returned from apply(mutable=['cache']) each step
"""Greedy decoding with a KV cache in jax.lax.scan, with the cache in the carry."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB, D, MAX_LEN = 32, 16, 8


class CachedSelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x, decode=False):
        q = nn.Dense(D, name="q")(x)
        k = nn.Dense(D, name="k")(x)
        v = nn.Dense(D, name="v")(x)
        if decode:
            ck = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], MAX_LEN, D))
            cv = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], MAX_LEN, D))
            idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            i = idx.value
            ck.value = lax.dynamic_update_slice(ck.value, k, (0, i, 0))
            cv.value = lax.dynamic_update_slice(cv.value, v, (0, i, 0))
            idx.value = i + 1
            mask = jnp.arange(MAX_LEN)[None, None, :] <= i
            k, v = ck.value, cv.value
        else:
            mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))[None]
        att = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(D)
        att = jnp.where(mask, att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), v)


class TinyDecoder(nn.Module):
    @nn.compact
    def __call__(self, tokens, decode=False):
        x = nn.Embed(VOCAB, D)(tokens)
        x = x + CachedSelfAttention()(x, decode=decode)
        return nn.Dense(VOCAB)(x)


def main():
    model = TinyDecoder()
    prompt = jnp.zeros((1, 1), jnp.int32)
    variables = model.init(jax.random.key(0), prompt, decode=True)
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])

    def step(carry, _):
        tok, cache = carry
        logits, mutated = model.apply({"params": params, "cache": cache}, tok,
                                      decode=True, mutable=["cache"])
        nxt = jnp.argmax(logits[:, -1], -1)[:, None]
        return (nxt, mutated["cache"]), nxt[:, 0]

    _, generated = lax.scan(step, (prompt, cache), None, length=MAX_LEN - 1)
    generated.block_until_ready()
    return None
