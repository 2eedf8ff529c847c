# label: same-values
# flax-error: none
# class: 3 the scan body applies MotifSampler.model with MotifSampler.params and samples with MotifSampler.key, attributes of the sampler
"""Symbolic music: draw candidate next-notes for a motif from a fixed conditioning context."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as ln
from jax import lax

SCALE_DEGREES = 24  # two octaves


class NextNoteHead(ln.Module):
    hidden: int = 32

    @ln.compact
    def __call__(self, context):
        h = ln.gelu(ln.Dense(self.hidden)(context))
        return ln.Dense(SCALE_DEGREES)(h)


@dataclass
class SamplingConfig:
    temperature: float = 1.3
    n_candidates: int = 6


class MotifSampler:
    def __init__(self, model: NextNoteHead, params, seed: int, config: SamplingConfig):
        self.model = model
        self.params = params
        self.key = jax.random.key(seed)
        self.config = config

    def candidates(self, context):
        def draw(count, _):
            logits = self.model.apply({"params": self.params}, context)
            note = jax.random.categorical(self.key, logits / self.config.temperature)
            return count + 1, note

        _, notes = lax.scan(draw, 0, None, length=self.config.n_candidates)
        return notes


def motif_context(batch=4, dim=10):
    return jnp.tile(jnp.linspace(-1.0, 1.0, dim), (batch, 1))


def main():
    context = motif_context()
    model = NextNoteHead()
    params = model.init(jax.random.key(0), context)["params"]
    sampler = MotifSampler(model, params, seed=5, config=SamplingConfig())
    return sampler.candidates(context)
