# label: ok
# flax-error: none
# class: 3 the 'cache' collection is mutable in apply and the returned cache is carried through the raw fori_loop
"""Greedy generation with a KV cache after the fix: mutable=['cache'] and the cache in the carry."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax
VOCAB, DIM, MAX_LEN = 32, 16, 8


class CachedAttention(nn.Module):
    @nn.compact
    def __call__(self, x, decode: bool = False):
        q = nn.Dense(DIM)(x)
        k = nn.Dense(DIM)(x)
        v = nn.Dense(DIM)(x)
        if decode:
            ck = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], MAX_LEN, DIM))
            cv = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], MAX_LEN, DIM))
            idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            i = idx.value
            ck.value = lax.dynamic_update_slice(ck.value, k, (0, i, 0))
            cv.value = lax.dynamic_update_slice(cv.value, v, (0, i, 0))
            idx.value = i + 1
            k, v = ck.value, cv.value
        att = jax.nn.softmax(q @ k.transpose(0, 2, 1) / jnp.sqrt(DIM), axis=-1)
        return att @ v


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        x = nn.Embed(VOCAB, DIM)(tokens)
        x = x + CachedAttention()(x, decode=decode)
        return nn.Dense(VOCAB)(x)


def main():
    model = TinyLM()
    prompt = jnp.zeros((1, 1), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), prompt, decode=True)
    params, cache = variables["params"], variables["cache"]

    def body(i, carry):
        tokens, last, cache = carry
        logits, updates = model.apply(
            {"params": params, "cache": cache}, last, decode=True, mutable=["cache"]
        )
        nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None].astype(jnp.int32)
        return tokens.at[:, i].set(nxt[:, 0]), nxt, updates["cache"]

    tokens = jnp.zeros((1, MAX_LEN), jnp.int32)
    tokens, _, cache = lax.fori_loop(0, MAX_LEN, body, (tokens, prompt, cache))
    tokens.block_until_ready()
    return None
