# label: ok
# flax-error: none
# class: 4 the decoder is split into graphdef, params and nnx.Cache state; a jitted generate carries the cache state through the scan and merges it in a step helper
"""Greedy generation from an NNX decoder, with the key/value caches carried functionally."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 24
    width: int = 16
    layers: int = 2
    max_len: int = 12


class CachedSelfAttention(nnx.Module):
    def __init__(self, width, max_len, batch, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(width, 3 * width, rngs=rngs)
        self.out = nnx.Linear(width, width, rngs=rngs)
        self.width = width
        self.k_cache = nnx.Cache(jnp.zeros((batch, max_len, width)))
        self.v_cache = nnx.Cache(jnp.zeros((batch, max_len, width)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def decode(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index[...]
        self.k_cache[...] = jax.lax.dynamic_update_slice(self.k_cache[...], k, (0, i, 0))
        self.v_cache[...] = jax.lax.dynamic_update_slice(self.v_cache[...], v, (0, i, 0))
        self.index[...] = i + 1
        mask = jnp.arange(self.k_cache.shape[1]) <= i
        att = jnp.where(mask[None, None], q @ self.k_cache[...].swapaxes(1, 2) / jnp.sqrt(self.width), -1e9)
        return self.out(jax.nn.softmax(att, -1) @ self.v_cache[...])


class Block(nnx.Module):
    def __init__(self, cfg, batch, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(cfg.width, rngs=rngs)
        self.attn = CachedSelfAttention(cfg.width, cfg.max_len, batch, rngs=rngs)
        self.mlp = nnx.Linear(cfg.width, cfg.width, rngs=rngs)

    def decode(self, x):
        x = x + self.attn.decode(self.norm(x))
        return x + nnx.gelu(self.mlp(x))


class Decoder(nnx.Module):
    def __init__(self, cfg: DecoderConfig, batch: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.width, rngs=rngs)
        self.blocks = nnx.List([Block(cfg, batch, rngs=rngs) for _ in range(cfg.layers)])

    def decode_step(self, tokens):
        x = self.embed(tokens)[:, None]
        for block in self.blocks:
            x = block.decode(x)
        return self.embed.attend(x[:, 0])


def _step(graphdef, params, cache, tok):
    model = nnx.merge(graphdef, params, cache)
    nxt = jnp.argmax(model.decode_step(tok), -1).astype(jnp.int32)
    return nnx.state(model, nnx.Cache), nxt


@functools.partial(jax.jit, static_argnums=(0, 4))
def generate(graphdef, params, cache, first, steps):
    def body(carry, _):
        cache, tok = carry
        cache, nxt = _step(graphdef, params, cache, tok)
        return (cache, nxt), nxt

    (_, _), tokens = jax.lax.scan(body, (cache, first), None, length=steps)
    return tokens.T


def main():
    first = jnp.array([1, 2], jnp.int32)
    model = Decoder(DecoderConfig(), batch=first.shape[0], rngs=nnx.Rngs(0))
    graphdef, params, cache = nnx.split(model, nnx.Param, nnx.Cache)
    print(generate(graphdef, params, cache, first, 6))
    return None
