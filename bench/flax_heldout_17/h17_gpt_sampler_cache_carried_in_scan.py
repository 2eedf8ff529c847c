# label: ok
# flax-error: none
# class: 4 the cache collection is carried through the scan and passed to model.apply(mutable=['cache']) by a step function built in a factory and jitted
"""Temperature sampling for a small decoder; the cache travels in the scan carry."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 24
    width: int = 16
    max_len: int = 12
    temperature: float = 0.8


class CachedAttention(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, x, decode: bool):
        b, t, d = x.shape
        q = nn.Dense(d, name="q")(x)
        k = nn.Dense(d, name="k")(x)
        v = nn.Dense(d, name="v")(x)
        mask = jnp.tril(jnp.ones((t, t), bool))[None]
        if decode:
            ready = self.has_variable("cache", "cached_k")
            ck = self.variable("cache", "cached_k", jnp.zeros, (b, self.cfg.max_len, d))
            cv = self.variable("cache", "cached_v", jnp.zeros, (b, self.cfg.max_len, d))
            pos = self.variable("cache", "pos", lambda: jnp.array(0, jnp.int32))
            if ready:
                ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, pos.value, 0))
                cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, pos.value, 0))
                pos.value = pos.value + t
                k, v = ck.value, cv.value
                mask = (jnp.arange(self.cfg.max_len) < pos.value)[None, None, :]
        w = jnp.where(mask, q @ k.swapaxes(1, 2) / jnp.sqrt(d), -1e9)
        return jax.nn.softmax(w, -1) @ v


class TinyDecoder(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        x = nn.Embed(self.cfg.vocab, self.cfg.width)(tokens)
        x = x + CachedAttention(self.cfg)(nn.LayerNorm()(x), decode)
        return nn.Dense(self.cfg.vocab)(nn.LayerNorm()(x))


def make_sample_step(model, params, temperature):
    def step(carry, key):
        cache, tok = carry
        logits, mutated = model.apply({"params": params, "cache": cache}, tok[:, None],
                                      decode=True, mutable=["cache"])
        nxt = jax.random.categorical(key, logits[:, -1] / temperature).astype(jnp.int32)
        return (mutated["cache"], nxt), nxt
    return step


@functools.partial(jax.jit, static_argnums=(0, 4))
def sample(model, params, cache, first, steps, key):
    step = make_sample_step(model, params, model.cfg.temperature)
    keys = jax.random.split(key, steps)
    (_, _), tokens = jax.lax.scan(step, (cache, first), keys)
    return tokens


def main():
    cfg = DecoderConfig()
    model = TinyDecoder(cfg)
    first = jnp.ones((3,), jnp.int32)
    variables = model.init(jax.random.key(0), first[:, None], decode=True)
    tokens = sample(model, variables["params"], variables["cache"], first, 6, jax.random.key(1))
    print(tokens.T)
    return None
