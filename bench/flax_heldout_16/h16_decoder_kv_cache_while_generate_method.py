# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the cache variables of the SelfAttention inside each DecoderBlock are written in the while_loop body of the model's generate() (apply method=, mutable=['cache'])
"""Tiny decoder-only transformer with a key/value cache for incremental decoding."""
import dataclasses

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

    def generate(self, first_token):
        def cond(carry):
            return carry[0] < self.config.max_len

        def body(carry):
            i, token, out = carry
            next_token = jnp.argmax(self(token), axis=-1)
            return i + 1, next_token, out.at[:, i].set(next_token)

        out = jnp.zeros((first_token.shape[0], self.config.max_len), jnp.int32)
        return jax.lax.while_loop(cond, body, (0, first_token, out))[2]


def main():
    config = DecoderConfig()
    model = Decoder(config)
    first = jnp.array([1, 2])
    variables = model.init(jax.random.key(0), first)
    params, cache = variables["params"], variables["cache"]
    tokens, state = model.apply({"params": params, "cache": cache}, first,
                                method=Decoder.generate, mutable=["cache"])
    next_cache = jax.tree.map(lambda a: a + 0, state["cache"])
    return None
