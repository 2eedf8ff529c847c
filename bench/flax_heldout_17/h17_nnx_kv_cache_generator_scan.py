# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a Generator object scans a body that calls model.decode_step, which reaches the nnx.Cache writes in the attention of each block in an nnx.List
"""Greedy generation from a small NNX decoder with per-layer key/value caches."""
import dataclasses

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
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(width, 3 * width, rngs=rngs)
        self.out = nnx.Linear(width, width, rngs=rngs)
        self.width = width

    def init_cache(self, batch, max_len):
        self.k_cache = nnx.Cache(jnp.zeros((batch, max_len, self.width)))
        self.v_cache = nnx.Cache(jnp.zeros((batch, max_len, self.width)))
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
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(width, rngs=rngs)
        self.attn = CachedSelfAttention(width, rngs=rngs)
        self.mlp = nnx.Linear(width, width, rngs=rngs)

    def decode(self, x):
        x = x + self.attn.decode(self.norm(x))
        return x + nnx.gelu(self.mlp(x))


class Decoder(nnx.Module):
    def __init__(self, cfg: DecoderConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.vocab, cfg.width, rngs=rngs)
        self.blocks = nnx.List([Block(cfg.width, rngs=rngs) for _ in range(cfg.layers)])

    def init_cache(self, batch):
        for block in self.blocks:
            block.attn.init_cache(batch, self.cfg.max_len)

    def decode_step(self, tokens):
        x = self.embed(tokens)[:, None]
        for block in self.blocks:
            x = block.decode(x)
        return self.embed.attend(x[:, 0])


class Generator:
    def __init__(self, model: Decoder):
        self.model = model

    def generate(self, first, steps):
        self.model.init_cache(first.shape[0])

        def body(tok, _):
            nxt = jnp.argmax(self.model.decode_step(tok), -1).astype(jnp.int32)
            return nxt, nxt

        _, tokens = jax.lax.scan(body, first, None, length=steps)
        return tokens.T


def main():
    model = Decoder(DecoderConfig(), rngs=nnx.Rngs(0))
    print(Generator(model).generate(jnp.array([1, 2], jnp.int32), 6))
    return None
