# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/CachedAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 ServingEngine stores a partial of model.apply over params+cache and its scan decode body calls it without mutable=['cache']
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 32
    features: int = 16
    max_len: int = 8


class CachedAttention(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, x, decode: bool = False):
        qkv = nn.Dense(3 * self.cfg.features)(x)
        q, k, v = jnp.split(qkv, 3, axis=-1)
        if decode:
            is_init = self.has_variable("cache", "cached_key")
            ck = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], self.cfg.max_len, self.cfg.features))
            cv = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], self.cfg.max_len, self.cfg.features))
            idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            if is_init:
                i = idx.value
                ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0))
                cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0))
                idx.value = i + 1
                k, v = ck.value, cv.value
        w = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(q.shape[-1]), axis=-1)
        return w @ v


class TinyDecoder(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        h = nn.Embed(self.cfg.vocab, self.cfg.features)(tokens)
        h = h + CachedAttention(self.cfg)(h, decode=decode)
        return nn.Dense(self.cfg.vocab)(h)


class ServingEngine:
    def __init__(self, model: TinyDecoder, params, cache):
        self.model = model
        self.params = params
        self.cache = cache
        self._forward = functools.partial(model.apply, decode=True)

    def _decode_step(self, carry, _):
        token = carry
        logits = self._forward({"params": self.params, "cache": self.cache}, token)
        next_token = jnp.argmax(logits[:, -1], axis=-1)[:, None]
        return next_token, next_token[:, 0]

    def generate(self, prompt_token, steps: int):
        _, out = jax.lax.scan(self._decode_step, prompt_token, None, length=steps)
        return out


def main():
    cfg = DecoderConfig()
    model = TinyDecoder(cfg)
    token = jnp.zeros((1, 1), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), token, decode=True)
    engine = ServingEngine(model, variables["params"], variables["cache"])
    engine.generate(token, 4)
    return None
