# label: ok
# flax-error: none
# class: 4 a tokens_to_logits closure calls model.apply({'params', 'cache'}, mutable=['cache'], method=...) and the raw lax.while_loop carries the returned cache in its state
# modelled on: google/flax examples/lm1b/temperature_sampler.py and t5x/decoding.py (greedy decoding with an autoregressive cache)
"""Greedy decoding driven from outside the model, flax-examples style."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

MAX_LEN = 8


class CachedDecoder(nn.Module):
    vocab: int = 16
    features: int = 8

    @nn.compact
    def __call__(self, token):
        h = nn.Embed(self.vocab, self.features, name="embed")(token)
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        keys = self.variable("cache", "keys", jnp.zeros, (MAX_LEN, self.features))
        keys.value = keys.value.at[index.value].set(h)
        index.value = index.value + 1
        scores = keys.value @ h / jnp.sqrt(self.features)
        mask = jnp.arange(MAX_LEN) < index.value
        attn = jax.nn.softmax(jnp.where(mask, scores, -1e9))
        return nn.Dense(self.vocab, name="logits")(attn @ keys.value + h)

    def decode_step(self, token):
        return self(token)


def greedy_sample(first_token, init_cache, tokens_to_logits, num_steps):
    def cond_fn(state):
        return state[0] < num_steps

    def body_fn(state):
        step, token, cache, out = state
        logits, cache = tokens_to_logits(token, cache)
        token = jnp.argmax(logits).astype(jnp.int32)
        return step + 1, token, cache, out.at[step].set(token)

    init = (0, first_token, init_cache, jnp.zeros((num_steps,), jnp.int32))
    _, _, cache, out = jax.lax.while_loop(cond_fn, body_fn, init)
    return out, cache


def main():
    model = CachedDecoder()
    first = jnp.int32(3)
    variables = model.init(jax.random.key(0), first)
    params, cache = variables["params"], jax.tree.map(jnp.zeros_like, variables["cache"])

    def tokens_to_logits(token, cache, params):
        logits, new_vars = model.apply(
            {"params": params, "cache": cache}, token,
            mutable=["cache"], method=CachedDecoder.decode_step)
        return logits, new_vars["cache"]

    step_fn = functools.partial(tokens_to_logits, params=params)
    sample = jax.jit(functools.partial(greedy_sample, tokens_to_logits=step_fn, num_steps=5))
    tokens, cache = sample(first, cache)
    cache_len = jnp.minimum(cache["index"], MAX_LEN)
    print(tokens, cache_len)
    return None
