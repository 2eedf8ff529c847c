# label: ok
# flax-error: none
# class: 4 the fori_loop body calls self._step(tok, cache) on a Sampler, which calls self.model.apply(..., mutable=['cache']); the cache rides in the loop state
"""Temperature-free (greedy) sampling from a tiny decoder-only LM with a KV cache.

A Sampler object owns the model, its params and the initial cache, and fills a token
buffer with lax.fori_loop, one decode step per iteration; the cache is passed in and
returned with the loop state.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

VOCAB, DIM, MAX_LEN = 12, 16, 8


class DecoderLM(nn.Module):
    @nn.compact
    def __call__(self, tok):
        pos = self.variable("cache", "pos", lambda: jnp.zeros((), jnp.int32))
        keys = self.variable("cache", "keys", jnp.zeros, (MAX_LEN, DIM))
        values = self.variable("cache", "values", jnp.zeros, (MAX_LEN, DIM))
        x = nn.Embed(VOCAB, DIM)(tok) + nn.Embed(MAX_LEN, DIM, name="pos_embed")(pos.value)
        q, k, v = jnp.split(nn.Dense(3 * DIM, use_bias=False)(x), 3)
        if not self.is_initializing():
            keys.value = keys.value.at[pos.value].set(k)
            values.value = values.value.at[pos.value].set(v)
            pos.value = pos.value + 1
        att = jnp.where(jnp.arange(MAX_LEN) < pos.value, keys.value @ q, -1e9)
        h = jax.nn.softmax(att / jnp.sqrt(DIM)) @ values.value
        return nn.Dense(VOCAB)(nn.LayerNorm()(x + h))


class Sampler:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def _step(self, tok, cache):
        logits, updates = self.model.apply({"params": self.params, "cache": cache}, tok, mutable=["cache"])
        return logits, updates["cache"]

    def generate(self, bos, length):
        def body(i, state):
            tokens, tok, cache = state
            logits, cache = self._step(tok, cache)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return tokens.at[i].set(nxt), nxt, cache

        init = (jnp.zeros((length,), jnp.int32), bos, self.cache)
        tokens, _, _ = fori_loop(0, length, body, init)
        return tokens


def main():
    model = DecoderLM()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(0, jnp.int32))
    sampler = Sampler(model, variables)
    tokens = sampler.generate(jnp.array(0, jnp.int32), MAX_LEN - 1)
    print("sampled", tokens)
    return None
