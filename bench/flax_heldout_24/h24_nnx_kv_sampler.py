# label: ok
# flax-error: none
# class: 4 Sampler._sample_fn (jitted) splits params from nnx.Cache; the raw lax.while_loop carries the cache state in SamplingState and each step merges params with it and returns nnx.state(transformer, nnx.Cache)
# modelled on: google/flax examples/gemma/sampler.py (Sampler._sample_fn / _sample_step: nnx.merge(graphdef, params) inside jax.lax.while_loop, cache carried in the sampling state)
"""Greedy sampler for a toy cached decoder, following the Gemma example layout."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import nnx

MAX_LEN = 8


class Decoder(nnx.Module):
    def __init__(self, vocab: int, features: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, features, rngs=rngs)
        self.out = nnx.Linear(features, vocab, rngs=rngs)
        self.keys = nnx.Cache(jnp.zeros((MAX_LEN, features)))
        self.index = nnx.Cache(jnp.zeros((), jnp.int32))

    def __call__(self, token):
        h = self.embed(token)
        self.keys[...] = self.keys[...].at[self.index[...]].set(h)
        self.index[...] = self.index[...] + 1
        mask = jnp.arange(MAX_LEN) < self.index[...]
        attn = jax.nn.softmax(jnp.where(mask, self.keys[...] @ h, -1e9))
        return self.out(attn @ self.keys[...] + h)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SamplingState:
    step: jax.Array
    token: jax.Array
    tokens: jax.Array
    cache: Any


class Sampler:
    def __init__(self, transformer: Decoder):
        self.transformer = transformer
        self._compiled_sample_fn = jax.jit(self._sample_fn)

    def _sample_step(self, graphdef, params, s: SamplingState) -> SamplingState:
        transformer = nnx.merge(graphdef, params, s.cache)
        logits = transformer(s.token)
        token = jnp.argmax(logits).astype(jnp.int32)
        cache = nnx.state(transformer, nnx.Cache)
        return SamplingState(s.step + 1, token, s.tokens.at[s.step].set(token), cache)

    def _sample_fn(self, graphdef, params, init: SamplingState) -> SamplingState:
        def cond_fn(s):
            return s.step < s.tokens.shape[0]

        return jax.lax.while_loop(cond_fn, lambda s: self._sample_step(graphdef, params, s), init)

    def __call__(self, first_token, num_steps: int):
        graphdef, params, cache = nnx.split(self.transformer, nnx.Param, nnx.Cache)
        init = SamplingState(jnp.int32(0), first_token, jnp.zeros((num_steps,), jnp.int32), cache)
        return self._compiled_sample_fn(graphdef, params, init).tokens


def main():
    sampler = Sampler(Decoder(16, 8, rngs=nnx.Rngs(0)))
    print(sampler(jnp.int32(3), 5))
    return None
