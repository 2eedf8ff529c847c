# label: ok
# flax-error: none
# class: 4 Sampler.generate's while_loop carries the 'cache' collection and applies self.model with mutable=['cache']
"""Greedy decoding with a key/value cache, twin of h107_kv_cache_decode: the cache travels
in the while_loop state and the model is applied with mutable=['cache'], the updated
cache being returned from the body."""
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
            i, _, _, _ = state
            return i < n_new

        def body(state):
            i, tok, cache, out = state
            logits, updates = self.model.apply(
                {"params": self.params, "cache": cache}, tok, mutable=["cache"]
            )
            tok = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, tok, updates["cache"], out.at[i].set(tok)

        init = (0, first_token, self.cache, jnp.zeros((n_new,), jnp.int32))
        _, _, self.cache, tokens = lax.while_loop(cond, body, init)
        return tokens


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(0, jnp.int32))
    sampler = Sampler(model, variables["params"], variables["cache"])
    tokens = sampler.generate(jnp.array(3, jnp.int32), 8)
    print(tokens)
    return None
