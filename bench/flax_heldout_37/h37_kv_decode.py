# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/CachedSelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a helper builds the lax.while_loop body around model.apply with the params closed over and the cache in the loop state, but applies without mutable=['cache']
"""Greedy autoregressive decoding with a key/value cache, stopping early at EOS."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB, DIM, MAX_LEN, EOS = 24, 16, 8, 1


class CachedSelfAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x):  # x: [batch, 1, dim], one token at a time
        is_initialized = self.has_variable("cache", "cached_key")
        b = x.shape[0]
        cached_key = self.variable("cache", "cached_key", jnp.zeros, (b, self.max_len, self.dim))
        cached_value = self.variable("cache", "cached_value", jnp.zeros, (b, self.max_len, self.dim))
        cache_index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        q, k, v = (nn.Dense(self.dim, name=n)(x) for n in ("query", "key", "value"))
        if is_initialized:
            i = cache_index.value
            cached_key.value = lax.dynamic_update_slice(cached_key.value, k, (0, i, 0))
            cached_value.value = lax.dynamic_update_slice(cached_value.value, v, (0, i, 0))
            cache_index.value = i + 1
        mask = jnp.arange(self.max_len) <= cache_index.value - 1
        logits = jnp.einsum("bqd,bkd->bqk", q, cached_key.value) / jnp.sqrt(self.dim)
        weights = nn.softmax(jnp.where(mask, logits, -1e9), axis=-1)
        return jnp.einsum("bqk,bkd->bqd", weights, cached_value.value)


class Decoder(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, DIM)(tokens)
        x = x + CachedSelfAttention(DIM, MAX_LEN)(x)
        x = x + nn.Dense(DIM)(nn.gelu(nn.Dense(2 * DIM)(x)))
        return nn.Dense(VOCAB)(x)


def make_decode_step(model, params):
    def decode_step(state):
        i, tok, cache, out = state
        logits = model.apply({"params": params, "cache": cache}, tok)
        nxt = jnp.argmax(logits[:, -1], axis=-1)
        return i + 1, nxt[:, None], cache, out.at[:, i].set(nxt)
    return decode_step


def greedy_decode(model, params, cache, bos):
    def cond(state):
        i, tok, _, _ = state
        return (i < MAX_LEN) & ~jnp.all(tok == EOS)

    out = jnp.zeros((bos.shape[0], MAX_LEN), jnp.int32)
    state = (0, bos, cache, out)
    _, _, _, out = lax.while_loop(cond, make_decode_step(model, params), state)
    return out


def main():
    model = Decoder()
    bos = jnp.zeros((2, 1), jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    out = greedy_decode(model, variables["params"], variables["cache"], bos)
    print(out)
