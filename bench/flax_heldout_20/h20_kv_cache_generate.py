# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 cache variables written by CachedAttention during _scan_tokens (a loop wrapper given a functools.partial of decode_step), under apply(mutable=['cache']); the cache is reused for a second call
"""Greedy generation with a one-layer decoder and a key/value cache.

The cache follows the flax attention convention: it is created on the first call
(init) and only written once it exists. generate() decodes several tokens.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 24
    dim: int = 16
    max_len: int = 12


class CachedAttention(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, x):
        q, k, v = (nn.Dense(self.cfg.dim, name=n)(x) for n in ("query", "key", "value"))
        ready = self.has_variable("cache", "k")
        shape = (x.shape[0], self.cfg.max_len, self.cfg.dim)
        ck = self.variable("cache", "k", jnp.zeros, shape)
        cv = self.variable("cache", "v", jnp.zeros, shape)
        idx = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if ready:
            ck.value = lax.dynamic_update_slice(ck.value, k[:, None], (0, idx.value, 0))
            cv.value = lax.dynamic_update_slice(cv.value, v[:, None], (0, idx.value, 0))
            idx.value = idx.value + 1
        mask = jnp.arange(self.cfg.max_len) < idx.value
        att = jnp.einsum("bd,btd->bt", q, ck.value) / jnp.sqrt(self.cfg.dim)
        att = jax.nn.softmax(jnp.where(mask, att, -1e9), axis=-1)
        return nn.Dense(self.cfg.dim, name="out")(jnp.einsum("bt,btd->bd", att, cv.value))


class Decoder(nn.Module):
    cfg: DecoderConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.dim)
        self.attn = CachedAttention(self.cfg)
        self.lm_head = nn.Dense(self.cfg.vocab)

    def __call__(self, tok):
        return self.lm_head(self.attn(self.embed(tok)))

    def decode_step(self, tok, _, *, banned: int):
        logits = self(tok).at[:, banned].set(-jnp.inf)
        nxt = jnp.argmax(logits, axis=-1)
        return nxt, nxt

    def _scan_tokens(self, step_fn, tok, n):
        return lax.scan(step_fn, tok, None, length=n)

    def generate(self, tok, n_new: int, pad_id: int = 0):
        step_fn = functools.partial(self.decode_step, banned=pad_id)
        last, toks = self._scan_tokens(step_fn, tok, n_new)
        return last, toks


def main():
    cfg = DecoderConfig()
    model = Decoder(cfg)
    first = jnp.array([3, 5], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), first)
    params, cache = variables["params"], variables["cache"]
    (last, toks), state = model.apply(
        {"params": params, "cache": cache}, first, 4, method=Decoder.generate, mutable=["cache"])
    (_, more), state = model.apply(
        {"params": params, "cache": state["cache"]}, last, 4, method=Decoder.generate, mutable=["cache"])
    return None
