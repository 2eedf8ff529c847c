# label: ok
# flax-error: none
# class: 2 local params and cache go into the scan body; model.apply(..., mutable=['cache']) returns the cache through the carry
"""Greedy decoding with a KV cache, the cache threaded through the scan carry.

Same decoder as the bound version, but every step calls model.apply with the cache as an
explicit input and returns the updated cache in the carry.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, DIM, MAX_LEN = 16, 8, 6


class CachedDecoder(nn.Module):
    vocab: int = VOCAB
    dim: int = DIM
    max_len: int = MAX_LEN

    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(self.vocab, self.dim)(tok)
        q = nn.Dense(self.dim, name="query")(x)
        k = nn.Dense(self.dim, name="key")(x)
        v = nn.Dense(self.dim, name="value")(x)
        cached_key = self.variable("cache", "cached_key", jnp.zeros, (self.max_len, self.dim))
        cached_value = self.variable("cache", "cached_value", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        if self.is_initializing():
            keys, values = k[None], v[None]
            mask = jnp.ones((1,), bool)
        else:
            i = index.value
            cached_key.value = cached_key.value.at[i].set(k)
            cached_value.value = cached_value.value.at[i].set(v)
            index.value = i + 1
            keys, values = cached_key.value, cached_value.value
            mask = jnp.arange(self.max_len) <= i
        scores = jnp.where(mask, keys @ q / jnp.sqrt(self.dim), -1e9)
        h = jax.nn.softmax(scores) @ values
        return nn.Dense(self.vocab, name="lm_head")(h + x)


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(1, jnp.int32))
    params, cache = variables["params"], variables["cache"]

    def body(carry, _):
        tok, cache = carry
        logits, mutated = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        nxt = jnp.argmax(logits).astype(jnp.int32)
        return (nxt, mutated["cache"]), nxt

    (_, cache), tokens = jax.lax.scan(body, (jnp.array(1, jnp.int32), cache), None, length=MAX_LEN - 1)
    filled = cache["cache_index"]
    remaining = MAX_LEN - filled
    print("generated", tokens, "cache positions left:", remaining)
    return None
