# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_sum" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 tokens_to_logits closure calls decode_model.apply inside the raw lax.while_loop body; the decode path writes the "cache" collection
# modelled on: google/flax examples/lm1b temperature_sampler.py / t5x decoding.py (tokens_ids_to_logits with a flax attention cache)
"""Autoregressive temperature sampling from a small decoder-only LM."""

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, EMBED, MAX_LEN, BATCH = 11, 8, 6, 2


class TinyLM(nn.Module):
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, EMBED, name="embed")(tokens)
        if self.decode:
            # single-token step using a running-sum cache of past embeddings
            initialized = self.has_variable("cache", "cached_sum")
            cached_sum = self.variable("cache", "cached_sum", jnp.zeros, x[:, 0].shape)
            index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            if initialized:
                cached_sum.value = cached_sum.value + x[:, 0]
                index.value = index.value + 1
                return nn.Dense(VOCAB, name="out")(cached_sum.value / index.value)
            return nn.Dense(VOCAB, name="out")(x[:, 0])
        x = jnp.cumsum(x, axis=1) / jnp.arange(1, tokens.shape[1] + 1)[:, None]
        return nn.Dense(VOCAB, name="out")(x)


def temperature_sample(first_token, cache, tokens_to_logits, rng, temperature=1.0):
    def cond(state):
        i, *_ = state
        return i < MAX_LEN - 1

    def body(state):
        i, seq, cache, rng = state
        rng, step_rng = jax.random.split(rng)
        cur = jax.lax.dynamic_slice_in_dim(seq, i, 1, axis=1)
        logits, cache = tokens_to_logits(cur, cache)
        next_token = jax.random.categorical(step_rng, logits / temperature)
        return i + 1, seq.at[:, i + 1].set(next_token), cache, rng

    seq = jnp.zeros((BATCH, MAX_LEN), jnp.int32).at[:, 0].set(first_token)
    _, seq, _, _ = jax.lax.while_loop(cond, body, (0, seq, cache, rng))
    return seq


@functools.partial(jax.jit, static_argnums=0)
def predict_step(decode_model, params, cache, first_token, rng):
    def tokens_to_logits(ids, flat_cache):
        logits = decode_model.apply({"params": params, "cache": flat_cache}, ids)
        return logits, flat_cache

    return temperature_sample(first_token, cache, tokens_to_logits, rng)


def main():
    model = TinyLM()
    tokens = jnp.ones((BATCH, MAX_LEN), jnp.int32)
    params = model.init(jax.random.key(0), tokens)["params"]
    decode_model = TinyLM(decode=True)
    cache = decode_model.init(jax.random.key(0), tokens[:, :1])["cache"]
    seq = predict_step(decode_model, params, cache, jnp.array([1, 2]), jax.random.key(1))
    seq.block_until_ready()
    return None
