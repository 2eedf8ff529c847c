# label: ok
# flax-error: none
# class: 3 the while_loop body of a jitted decode function calls model.apply(mutable=['cache']) and carries the returned cache to the next step
"""Tiny decoder-only transformer with a key/value cache for incremental decoding."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 13
    width: int = 8
    depth: int = 2
    max_len: int = 6


class SelfAttention(nn.Module):
    config: DecoderConfig

    @nn.compact
    def __call__(self, x):
        cfg = self.config
        q, k, v = jnp.split(nn.Dense(3 * cfg.width, name="qkv")(x), 3, axis=-1)
        initialized = self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (x.shape[0], cfg.max_len, cfg.width))
        values = self.variable("cache", "values", jnp.zeros, (x.shape[0], cfg.max_len, cfg.width))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        i = index.value
        if initialized:
            keys.value = jax.lax.dynamic_update_slice(keys.value, k[:, None], (0, i, 0))
            values.value = jax.lax.dynamic_update_slice(values.value, v[:, None], (0, i, 0))
            index.value = i + 1
        mask = jnp.arange(cfg.max_len) <= i
        scores = jnp.where(mask, jnp.einsum("bd,bld->bl", q, keys.value), -1e9)
        return nn.Dense(cfg.width, name="out")(jnp.einsum("bl,bld->bd", jax.nn.softmax(scores), values.value))


class DecoderBlock(nn.Module):
    config: DecoderConfig

    @nn.compact
    def __call__(self, x):
        x = x + SelfAttention(self.config)(nn.LayerNorm()(x))
        return x + nn.Dense(self.config.width)(nn.gelu(nn.LayerNorm()(x)))


class Decoder(nn.Module):
    config: DecoderConfig

    def setup(self):
        self.embed = nn.Embed(self.config.vocab, self.config.width)
        self.blocks = [DecoderBlock(self.config) for _ in range(self.config.depth)]

    def __call__(self, token):
        x = self.embed(token)
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(x)


@functools.partial(jax.jit, static_argnums=0)
def greedy_decode(model, params, cache, first_token):
    max_len = model.config.max_len

    def cond(carry):
        return carry[0] < max_len

    def body(carry):
        i, token, cache, out = carry
        logits, state = model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
        next_token = jnp.argmax(logits, axis=-1)
        return i + 1, next_token, state["cache"], out.at[:, i].set(next_token)

    out = jnp.zeros((first_token.shape[0], max_len), jnp.int32)
    _, _, cache, out = jax.lax.while_loop(cond, body, (0, first_token, cache, out))
    return out, cache


def main():
    config = DecoderConfig()
    model = Decoder(config)
    first = jnp.array([1, 2])
    variables = model.init(jax.random.key(0), first)
    tokens, cache = greedy_decode(model, variables["params"], variables["cache"], first)
    assert tokens.shape == (2, config.max_len)
    jax.tree.map(lambda a: a + 0, cache)
    return None
