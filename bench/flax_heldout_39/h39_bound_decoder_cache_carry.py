# label: ok
# flax-error: none
# class: 4 GreedyDecoder keeps model, params and the initial cache; the cache rides in the raw fori_loop carry through model.apply(..., mutable=['cache'])
"""Greedy decoding with a tiny causal model whose decode_step appends to a key cache."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 11
    dim: int = 8
    max_len: int = 6
    batch: int = 2


class TinyCausalLM(nn.Module):
    config: DecoderConfig

    def setup(self):
        c = self.config
        self.embed = nn.Embed(c.vocab, c.dim)
        self.query = nn.Dense(c.dim)
        self.out = nn.Dense(c.vocab)
        self.keys = self.variable("cache", "keys", jnp.zeros, (c.batch, c.max_len, c.dim))
        self.index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))

    def __call__(self, tokens):  # full-sequence path used for init / training
        h = self.embed(tokens)
        q = self.query(h)
        scores = jnp.einsum("btd,bsd->bts", q, h)
        mask = jnp.tril(jnp.ones((tokens.shape[1], tokens.shape[1]), bool))
        ctx = jax.nn.softmax(jnp.where(mask, scores, -1e9)) @ h
        return self.out(ctx)

    def decode_step(self, token):  # token: [batch]
        c = self.config
        keys, index = self.keys, self.index
        h = self.embed(token)
        if self.is_initializing():  # only allocate the cache
            return self.out(h)
        keys.value = keys.value.at[:, index.value].set(h)
        index.value = index.value + 1
        valid = jnp.arange(c.max_len) < index.value
        scores = jnp.einsum("bd,bsd->bs", self.query(h), keys.value)
        ctx = jnp.einsum("bs,bsd->bd", jax.nn.softmax(jnp.where(valid, scores, -1e9)), keys.value)
        return self.out(ctx)


class GreedyDecoder:
    def __init__(self, model: TinyCausalLM, params):
        batch = model.config.batch
        cache = model.init(jax.random.key(0), jnp.zeros((batch,), jnp.int32), method=TinyCausalLM.decode_step)["cache"]
        self.model, self.params, self.cache = model, params, cache
        self.max_len = model.config.max_len

    def generate(self, bos):
        def body(t, carry):
            tokens, cache = carry
            logits, mutated = self.model.apply({"params": self.params, "cache": cache}, tokens[:, t],
                                               method=TinyCausalLM.decode_step, mutable=["cache"])
            tokens = tokens.at[:, t + 1].set(jnp.argmax(logits, -1).astype(jnp.int32))
            return tokens, mutated["cache"]

        tokens = jnp.zeros((bos.shape[0], self.max_len), jnp.int32).at[:, 0].set(bos)
        tokens, _ = lax.fori_loop(0, self.max_len - 1, body, (tokens, self.cache))
        return tokens


def main():
    cfg = DecoderConfig()
    model = TinyCausalLM(cfg)
    params = model.init(jax.random.key(1), jnp.zeros((cfg.batch, cfg.max_len), jnp.int32))["params"]
    decoder = GreedyDecoder(model, params)
    print(decoder.generate(jnp.array([1, 2], jnp.int32)))
    return None
