# label: ok
# flax-error: none
# class: 3 a sampler's scan body calls apply(..., mutable=['cache']) with the cache collection carried in the scan carry
"""Greedy continuation for a tiny symbolic-music transformer (note-event tokens).

Each attention layer keeps a key/value cache for incremental decoding; the sampler primes
the cache with the bar token and then continues the phrase one event at a time.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class MusicConfig:
    events: int = 16
    width: int = 8
    layers: int = 2
    max_len: int = 8


class CachedAttention(nn.Module):
    cfg: MusicConfig

    @nn.compact
    def __call__(self, x):
        q, k, v = (nn.Dense(self.cfg.width, name=n)(x) for n in ("q", "k", "v"))
        ck = self.variable("cache", "key", jnp.zeros, (self.cfg.max_len, self.cfg.width))
        cv = self.variable("cache", "value", jnp.zeros, (self.cfg.max_len, self.cfg.width))
        idx = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        ck.value = jax.lax.dynamic_update_slice(ck.value, k[None], (idx.value, 0))
        cv.value = jax.lax.dynamic_update_slice(cv.value, v[None], (idx.value, 0))
        mask = jnp.arange(self.cfg.max_len) <= idx.value
        idx.value = idx.value + 1
        scores = jnp.where(mask, ck.value @ q / jnp.sqrt(self.cfg.width), -1e9)
        return nn.Dense(self.cfg.width, name="o")(jax.nn.softmax(scores) @ cv.value)


class DecoderBlock(nn.Module):
    cfg: MusicConfig

    @nn.compact
    def __call__(self, x):
        x = x + CachedAttention(self.cfg, name="attn")(nn.LayerNorm()(x))
        return x + nn.Dense(self.cfg.width)(nn.gelu(nn.Dense(2 * self.cfg.width)(x)))


class MusicDecoder(nn.Module):
    cfg: MusicConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.events, self.cfg.width)
        self.blocks = [DecoderBlock(self.cfg) for _ in range(self.cfg.layers)]

    def __call__(self, token):
        x = self.embed(token)
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(x)


class PhraseSampler:
    def __init__(self, model, variables):
        self.model, self.params, self.empty_cache = model, variables["params"], variables["cache"]

    def _decode(self, cache, token):
        logits, mut = self.model.apply({"params": self.params, "cache": cache}, token, mutable=["cache"])
        return jnp.argmax(logits).astype(jnp.int32), mut["cache"]

    def _next(self, carry, _):
        token, cache = carry
        nxt, cache = self._decode(cache, token)
        return (nxt, cache), nxt

    def continue_phrase(self, bar_token, length):
        first, cache = self._decode(self.empty_cache, bar_token)
        (_, cache), events = jax.lax.scan(self._next, (first, cache), None, length=length)
        filled = cache["blocks_0"]["attn"]["index"]
        return events, jnp.minimum(filled, self.model.cfg.max_len)


def main():
    cfg = MusicConfig()
    model = MusicDecoder(cfg)
    variables = model.init(jax.random.key(0), jnp.int32(0))
    sampler = PhraseSampler(model, variables)
    events, filled = sampler.continue_phrase(jnp.int32(3), 5)
    print("events", events, "cache filled", int(filled))
    return None
