# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/DecoderLayer_0/DecoderAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a factory returns a functools.partial of model.apply over params and cache; the while_loop body calls it with decode=True, reaching the cache writes in each DecoderLayer's attention
"""Greedy decoding until end-of-sequence with a while_loop over a cached transformer LM."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 20
    width: int = 16
    layers: int = 2
    max_len: int = 10
    eos_id: int = 1


class DecoderAttention(nn.Module):
    cfg: LMConfig

    @nn.compact
    def __call__(self, x, decode: bool):
        b, t, d = x.shape
        q, k, v = jnp.split(nn.Dense(3 * d)(x), 3, axis=-1)
        mask = jnp.tril(jnp.ones((t, t), bool))[None]
        if decode:
            seen = self.has_variable("cache", "keys")
            keys = self.variable("cache", "keys", jnp.zeros, (b, self.cfg.max_len, d))
            values = self.variable("cache", "values", jnp.zeros, (b, self.cfg.max_len, d))
            index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
            if seen:
                keys.value = jax.lax.dynamic_update_slice(keys.value, k, (0, index.value, 0))
                values.value = jax.lax.dynamic_update_slice(values.value, v, (0, index.value, 0))
                index.value = index.value + t
                k, v = keys.value, values.value
                mask = (jnp.arange(self.cfg.max_len) < index.value)[None, None]
        att = jax.nn.softmax(jnp.where(mask, q @ k.swapaxes(-1, -2) / jnp.sqrt(d), -1e9), -1)
        return nn.Dense(d)(att @ v)


class DecoderLayer(nn.Module):
    cfg: LMConfig

    @nn.compact
    def __call__(self, x, decode: bool):
        x = x + DecoderAttention(self.cfg)(nn.LayerNorm()(x), decode)
        return x + nn.Dense(self.cfg.width)(nn.gelu(nn.Dense(2 * self.cfg.width)(nn.LayerNorm()(x))))


class TransformerLM(nn.Module):
    cfg: LMConfig

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        x = nn.Embed(self.cfg.vocab, self.cfg.width)(tokens)
        for _ in range(self.cfg.layers):
            x = DecoderLayer(self.cfg)(x, decode)
        return nn.Dense(self.cfg.vocab)(nn.LayerNorm()(x))


def make_logits_fn(model, params, cache):
    return functools.partial(model.apply, {"params": params, "cache": cache}, decode=True)


def greedy_decode(model, variables, bos, cfg):
    logits_fn = make_logits_fn(model, variables["params"], variables["cache"])
    out = jnp.zeros((bos.shape[0], cfg.max_len), jnp.int32)

    def cond(state):
        _, _, i, done = state
        return jnp.logical_and(i < cfg.max_len, ~jnp.all(done))

    def body(state):
        tok, out, i, done = state
        nxt = jnp.argmax(logits_fn(tok[:, None])[:, -1], -1).astype(jnp.int32)
        return nxt, out.at[:, i].set(nxt), i + 1, done | (nxt == cfg.eos_id)

    _, out, _, _ = jax.lax.while_loop(cond, body, (bos, out, 0, jnp.zeros(bos.shape, bool)))
    return out


def main():
    cfg = LMConfig()
    model = TransformerLM(cfg)
    bos = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), bos[:, None], decode=True)
    print(greedy_decode(model, variables, bos, cfg))
    return None
