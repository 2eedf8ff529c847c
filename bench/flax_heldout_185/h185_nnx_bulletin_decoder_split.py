# label: ok
# flax-error: none
# class: 1 BulletinGenerator.generate runs the token-by-token scan itself; it draws one key from its own self.rngs.sample() stream before the scan and splits it in the carry for each token
"""Token-by-token sampling of short marine weather bulletins ("wind NW 5, sea moderate, ...")."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

VOCAB = 20
HIDDEN = 24


@dataclasses.dataclass(frozen=True)
class SamplingConfig:
    length: int = 8
    temperature: float = 0.9
    bos: int = 1


class BulletinGenerator(nnx.Module):
    def __init__(self, config: SamplingConfig, *, rngs: nnx.Rngs):
        self.config = config
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.cell = nnx.Linear(2 * HIDDEN, HIDDEN, rngs=rngs)
        self.head = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.rngs = rngs

    def generate(self):
        cfg = self.config

        def body(carry, _):
            token, h, key = carry
            key, token_key = jax.random.split(key)
            h = jnp.tanh(self.cell(jnp.concatenate([self.embed(token), h])))
            logits = self.head(h) / cfg.temperature
            token = jax.random.categorical(token_key, logits)
            return (token, h, key), {"token": token, "logits": logits}

        start = (jnp.asarray(cfg.bos, jnp.int32), jnp.zeros((HIDDEN,)), self.rngs.sample())
        _, steps = scan(body, start, None, length=cfg.length)
        return steps


def main():
    generator = BulletinGenerator(SamplingConfig(), rngs=nnx.Rngs(params=0, sample=21))
    return generator.generate()
