# label: ok
# flax-error: none
# class: 4 GreedyDecoder keeps a partial(model.apply, method=decode_step, mutable=['cache']) built by a factory; the cache is carried through the raw fori_loop
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 8
    dim: int = 4
    max_len: int = 6
    decode: bool = True


class BagDecoder(nn.Module):
    config: DecoderConfig

    @nn.compact
    def decode_step(self, tok):
        cfg = self.config
        emb = nn.Embed(cfg.vocab, cfg.dim, name="embed")(tok)
        if cfg.decode:
            summed = self.variable("cache", "summed", jnp.zeros, emb.shape, emb.dtype)
            index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
            summed.value = summed.value + emb
            index.value = index.value + 1
            emb = summed.value / index.value
        return nn.Dense(cfg.vocab, name="head")(emb)


def make_step_fn(model, params):
    def step_fn(cache, tok):
        logits, updates = model.apply(
            {"params": params, "cache": cache}, tok, method=BagDecoder.decode_step, mutable=["cache"]
        )
        return logits, updates["cache"]

    return step_fn


class GreedyDecoder:
    def __init__(self, model, params, cache):
        self.model = model
        self.max_len = model.config.max_len
        self.cache = cache
        self.step_fn = make_step_fn(model, params)

    def generate(self, prompt):
        out = jnp.zeros((prompt.shape[0], self.max_len), jnp.int32).at[:, 0].set(prompt)

        def body(i, carry):
            out, cache = carry
            logits, cache = self.step_fn(cache, out[:, i - 1])
            return out.at[:, i].set(jnp.argmax(logits, -1).astype(jnp.int32)), cache

        out, _ = fori_loop(1, self.max_len, body, (out, self.cache))
        return out


def main():
    cfg = DecoderConfig()
    model = BagDecoder(cfg)
    prompt = jnp.array([1, 3], jnp.int32)
    variables = model.init(jax.random.key(0), prompt, method=BagDecoder.decode_step)
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    decoder = GreedyDecoder(model, variables["params"], cache)
    tokens = decoder.generate(prompt)
    tokens.block_until_ready()
    return None
