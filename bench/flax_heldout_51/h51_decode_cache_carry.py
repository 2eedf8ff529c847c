# label: ok
# flax-error: none
# class: 4 a generator looked up in a registry holds the model; the cache collection is mutable and travels in the while_loop state
"""Greedy autoregressive decoding with a key/value cache; decoders are looked up by name in a
model registry and the token loop is a lax.while_loop."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

MODEL_REGISTRY = {}


def register(name):
    def wrap(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return wrap


@register("tiny-decoder")
class TinyDecoder(nn.Module):
    vocab: int = 32
    dim: int = 16
    max_len: int = 12
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.dim)(tokens)  # [B, 1, D] while decoding
        k = nn.Dense(self.dim, name="key")(x)
        if self.decode:
            is_initialized = self.has_variable("cache", "cached_key")
            cached_key = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], self.max_len, self.dim))
            index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            if is_initialized:
                cached_key.value = jax.lax.dynamic_update_slice(cached_key.value, k, (0, index.value, 0))
                index.value = index.value + 1
            k = cached_key.value
        attn = jnp.einsum("bqd,bkd->bqk", x, k)
        h = jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(attn, axis=-1), k)
        return nn.Dense(self.vocab, name="lm_head")(h)


@dataclass
class GenerationConfig:
    model_name: str = "tiny-decoder"
    max_new_tokens: int = 8
    eos_id: int = 1


class Generator:
    def __init__(self, config, rng):
        self.config = config
        self.model = MODEL_REGISTRY[config.model_name](decode=True)
        self.variables = self.model.init(rng, jnp.zeros((1, 1), jnp.int32))

    def generate(self, first_token):
        cfg = self.config

        params = self.variables["params"]

        def cond(state):
            i, tok, _, _ = state
            return (i < cfg.max_new_tokens) & (tok[0, 0] != cfg.eos_id)

        def body(state):
            i, tok, cache, out = state
            logits, updates = self.model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
            nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None].astype(jnp.int32)
            return i + 1, nxt, updates["cache"], out.at[i].set(nxt[0, 0])

        init = (jnp.array(0), first_token, self.variables["cache"],
                jnp.zeros((cfg.max_new_tokens,), jnp.int32))
        _, _, _, out = jax.lax.while_loop(cond, body, init)
        return out


def main():
    gen = Generator(GenerationConfig(), jax.random.PRNGKey(0))
    gen.generate(jnp.full((1, 1), 5, jnp.int32))
