# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a sampler drives a model bound with mutable=['cache'] from a scan body; the attention layers write their cache through the bound module
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
    def __init__(self, model, params):
        self.decoder = model.bind({"params": params}, mutable=["cache"])

    def _next(self, token, _):
        nxt = jnp.argmax(self.decoder(token)).astype(jnp.int32)
        return nxt, nxt

    def continue_phrase(self, bar_token, length):
        first = jnp.argmax(self.decoder(bar_token)).astype(jnp.int32)
        _, events = jax.lax.scan(self._next, first, None, length=length)
        filled = self.decoder.variables["cache"]["blocks_0"]["attn"]["index"]
        return events, jnp.minimum(filled, self.decoder.cfg.max_len)


def main():
    cfg = MusicConfig()
    model = MusicDecoder(cfg)
    params = model.init(jax.random.key(0), jnp.int32(0))["params"]
    sampler = PhraseSampler(model, params)
    events, filled = sampler.continue_phrase(jnp.int32(3), 5)
    print("events", events, "cache filled", int(filled))
    return None
