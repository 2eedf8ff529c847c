# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/CachedSelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Sampler.generate's while_loop body applies self.model with self.cache; the attention layer inside writes its 'cache' collection
"""Greedy autoregressive decoding with a key/value cache, driven by a raw
lax.while_loop in a small Sampler class. The loop body applies the model with the
cache collection but without mutable=['cache'] (a frequent first attempt at
fast decoding in Linen)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB, DIM, MAX_LEN = 16, 32, 12


class CachedSelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):
        q, k, v = (nn.Dense(DIM, name=n)(x) for n in ("q", "k", "v"))
        ck = self.variable("cache", "cached_key", jnp.zeros, (MAX_LEN, DIM))
        cv = self.variable("cache", "cached_value", jnp.zeros, (MAX_LEN, DIM))
        idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        ck.value = ck.value.at[idx.value].set(k)
        cv.value = cv.value.at[idx.value].set(v)
        mask = jnp.arange(MAX_LEN) <= idx.value
        idx.value = idx.value + 1
        scores = jnp.where(mask, ck.value @ q / jnp.sqrt(DIM), -1e9)
        return jax.nn.softmax(scores) @ cv.value


class TinyDecoder(nn.Module):
    @nn.compact
    def __call__(self, token):
        h = nn.Embed(VOCAB, DIM)(token)
        h = h + CachedSelfAttention()(h)
        return nn.Dense(VOCAB)(h)


class Sampler:
    def __init__(self, model, params, cache):
        self.model = model
        self.params = params
        self.cache = cache

    def generate(self, first_token, n_new):
        def cond(state):
            i, _, _ = state
            return i < n_new

        def body(state):
            i, tok, out = state
            logits = self.model.apply({"params": self.params, "cache": self.cache}, tok)
            tok = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, tok, out.at[i].set(tok)

        init = (0, first_token, jnp.zeros((n_new,), jnp.int32))
        return lax.while_loop(cond, body, init)[2]


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(0, jnp.int32))
    sampler = Sampler(model, variables["params"], variables["cache"])
    tokens = sampler.generate(jnp.array(3, jnp.int32), 8)
    print(tokens)
    return None
