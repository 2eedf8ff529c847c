# label: ok
# flax-error: none
# class: 3 functools.partial(model.apply, mutable=["cache"]) called in the while_loop body with the cache carried in the loop state
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 16
MAX_LEN = 8


class CachedSelfAttention(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.features, name="query")(x)
        k = nn.Dense(self.features, name="key")(x)
        v = nn.Dense(self.features, name="value")(x)
        cached_k = self.variable("cache", "cached_key", jnp.zeros, (MAX_LEN, self.features))
        cached_v = self.variable("cache", "cached_value", jnp.zeros, (MAX_LEN, self.features))
        index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        i = index.value
        cached_k.value = cached_k.value.at[i].set(k)
        cached_v.value = cached_v.value.at[i].set(v)
        index.value = i + 1
        scores = jnp.where(jnp.arange(MAX_LEN) <= i, cached_k.value @ q, -1e9)
        return jax.nn.softmax(scores / jnp.sqrt(self.features)) @ cached_v.value


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, token):
        x = nn.Embed(VOCAB, 16)(token)
        return nn.Dense(VOCAB)(CachedSelfAttention()(x))


def greedy_decode(model, params, cache, first_token, steps):
    tokens_to_logits = functools.partial(model.apply, mutable=["cache"])

    def cond_fn(state):
        return state[0] < steps

    def body_fn(state):
        i, token, cache, out = state
        logits, new_vars = tokens_to_logits({"params": params, "cache": cache}, token)
        next_token = jnp.argmax(logits).astype(jnp.int32)
        return i + 1, next_token, new_vars["cache"], out.at[i].set(next_token)

    state = (0, first_token, cache, jnp.zeros((steps,), jnp.int32))
    _, _, cache, out = lax.while_loop(cond_fn, body_fn, state)
    return out, cache


def main():
    model = TinyLM()
    token = jnp.array(3, jnp.int32)
    variables = model.init(jax.random.key(0), token)
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    out, cache = greedy_decode(model, variables["params"], cache, token, 6)
    jax.tree.map(lambda a: a + 0, cache)
    return None
