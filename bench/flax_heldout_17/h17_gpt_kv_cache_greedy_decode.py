# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 cache variables of the attention layer inside each block are written from Decoder.generate's scan body, reached through apply(method=, mutable=['cache'])
"""Greedy decoding for a tiny GPT with a key/value cache (prompt then continuation)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GPTConfig:
    vocab: int = 32
    d_model: int = 16
    n_heads: int = 2
    n_layers: int = 2
    max_len: int = 16


class CausalSelfAttention(nn.Module):
    cfg: GPTConfig

    @nn.compact
    def __call__(self, x, decode: bool = False):
        cfg = self.cfg
        b, t, d = x.shape
        hd = d // cfg.n_heads
        qkv = nn.Dense(3 * d, name="qkv")(x).reshape(b, t, 3, cfg.n_heads, hd)
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        mask = jnp.tril(jnp.ones((t, t), bool))[None, None]
        if decode:
            is_initialized = self.has_variable("cache", "cached_key")
            ck = self.variable("cache", "cached_key", jnp.zeros, (b, cfg.max_len, cfg.n_heads, hd))
            cv = self.variable("cache", "cached_value", jnp.zeros, (b, cfg.max_len, cfg.n_heads, hd))
            idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            if is_initialized:
                i = idx.value
                ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0, 0))
                cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0, 0))
                idx.value = i + t
                k, v = ck.value, cv.value
                mask = (jnp.arange(cfg.max_len) < idx.value)[None, None, None, :]
        scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(hd)
        scores = jnp.where(mask, scores, -1e9)
        out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, -1), v)
        return nn.Dense(d, name="proj")(out.reshape(b, t, d))


class Block(nn.Module):
    cfg: GPTConfig

    @nn.compact
    def __call__(self, x, decode: bool = False):
        x = x + CausalSelfAttention(self.cfg, name="attn")(nn.LayerNorm()(x), decode)
        h = nn.gelu(nn.Dense(4 * self.cfg.d_model)(nn.LayerNorm()(x)))
        return x + nn.Dense(self.cfg.d_model)(h)


class Decoder(nn.Module):
    cfg: GPTConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.d_model)
        self.blocks = [Block(self.cfg, name=f"block_{i}") for i in range(self.cfg.n_layers)]
        self.ln_f = nn.LayerNorm()

    def __call__(self, tokens, decode: bool = False):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x, decode)
        return self.embed.attend(self.ln_f(x))

    def generate(self, last_token, steps: int):
        def body(tok, _):
            logits = self(tok[:, None], decode=True)[:, -1]
            nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
            return nxt, nxt

        _, tokens = jax.lax.scan(body, last_token, None, length=steps)
        return tokens.T


def main():
    cfg = GPTConfig()
    model = Decoder(cfg)
    start = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), start[:, None], decode=True)
    params, cache = variables["params"], variables["cache"]
    first, state = model.apply({"params": params, "cache": cache}, start, 4,
                               method=Decoder.generate, mutable=["cache"])
    more, state = model.apply({"params": params, **state}, first[:, -1], 4,
                              method=Decoder.generate, mutable=["cache"])
    print(jnp.concatenate([first, more], axis=1))
    return None
