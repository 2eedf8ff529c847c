# label: ok
# flax-error: none
# class: 3 the scan body calls BasslineComposer.model, an attribute of the composer; per-proposal keys split before the loop arrive as the scanned xs
"""Symbolic music: propose bassline pitches under a fixed harmonic context."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

BASS_RANGE = 20  # E1..B2


class BassPitchModel(nnx.Module):
    def __init__(self, ctx_dim: int, rngs: nnx.Rngs):
        self.ctx = nnx.Linear(ctx_dim, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.logits = nnx.Linear(32, BASS_RANGE, rngs=rngs)

    def __call__(self, harmony):
        return self.logits(nnx.silu(self.norm(self.ctx(harmony))))


@dataclasses.dataclass(frozen=True)
class ComposerSettings:
    temperature: float = 1.2
    proposals: int = 6


class BasslineComposer:
    def __init__(self, model: BassPitchModel, settings: ComposerSettings, rngs: nnx.Rngs):
        self.model = model
        self.settings = settings
        self.rngs = rngs

    def propose(self, harmony):
        def draw(n_drawn, key):
            logits = self.model(harmony) / self.settings.temperature
            pitch = jax.random.categorical(key, logits)
            return n_drawn + 1, pitch

        keys = jax.random.split(self.rngs.bass(), self.settings.proposals)
        _, pitches = scan(draw, jnp.int32(0), keys)
        return pitches


def chord_context(n_bars=4):
    roots = jnp.array([4, 9, 11, 4])[:n_bars]
    return jnp.concatenate([jax.nn.one_hot(roots, 12), jnp.ones((n_bars, 2))], axis=-1)


def main():
    composer = BasslineComposer(BassPitchModel(14, nnx.Rngs(0)), ComposerSettings(), nnx.Rngs(bass=31))
    return composer.propose(chord_context())
