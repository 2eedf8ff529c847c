# label: same-values
# flax-error: none
# class: 3 TokenSampler.sample takes one key from `self.rngs.sample()` before the scan; the body reuses that key with `self.lm` for every draw
"""Draw several next-token candidates for one context with an NNX language-model head."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import random

VOCAB = 7


class TinyLM(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, dim, rngs=rngs)
        self.mix = nnx.Linear(dim, dim, rngs=rngs)
        self.head = nnx.Linear(dim, VOCAB, rngs=rngs)

    def __call__(self, tokens):
        h = jnp.mean(self.embed(tokens), axis=1)
        return self.head(nnx.gelu(self.mix(h)))


@dataclass
class TokenSampler:
    lm: TinyLM
    rngs: nnx.Rngs
    temperature: float = 1.5

    def sample(self, context, num_draws):
        key = self.rngs.sample()

        def draw(_, __):
            logits = self.lm(context) / self.temperature
            return None, random.categorical(key, logits, axis=-1)

        _, tokens = jax.lax.scan(draw, None, None, length=num_draws)
        return tokens


def main():
    lm = TinyLM(8, nnx.Rngs(0))
    sampler = TokenSampler(lm, nnx.Rngs(sample=4))
    context = jnp.array([[1, 2, 3], [4, 5, 6], [0, 2, 4], [6, 1, 3]])
    return sampler.sample(context, num_draws=6)
