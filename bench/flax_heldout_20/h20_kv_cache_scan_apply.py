# label: ok
# flax-error: none
# class: 4 the decode loop is a module-level scan whose body calls model.apply(mutable=['cache']) and carries the returned cache; built with functools.partial in make_generator()
"""Greedy generation with a one-layer decoder whose key/value cache is threaded
through the decoding loop as part of the scan carry."""
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

    @nn.compact
    def __call__(self, tok):
        h = nn.Embed(self.cfg.vocab, self.cfg.dim)(tok)
        return nn.Dense(self.cfg.vocab)(CachedAttention(self.cfg)(h))


def _decode_step(model, params, banned, carry, _):
    tok, cache = carry
    logits, state = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
    nxt = jnp.argmax(logits.at[:, banned].set(-jnp.inf), axis=-1)
    return (nxt, state["cache"]), nxt


def make_generator(model, params, pad_id=0):
    step = functools.partial(_decode_step, model, params, pad_id)

    def generate(tok, cache, n_new):
        (last, cache), toks = lax.scan(step, (tok, cache), None, length=n_new)
        return last, cache, toks

    return generate


def main():
    cfg = DecoderConfig()
    model = Decoder(cfg)
    first = jnp.array([3, 5], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), first)
    generate = make_generator(model, variables["params"])
    last, cache, toks = generate(first, variables["cache"], 4)
    last, cache, more = generate(last, cache, 4)
    return None
