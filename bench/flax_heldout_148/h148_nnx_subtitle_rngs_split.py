# label: ok
# flax-error: none
# class: 2 augment_cues builds a local nnx.Rngs with a 'jitter' stream; one rngs.jitter() key before the loop is split into per-cue keys passed to the scan body as xs
"""Subtitle timing alignment: augment cue timings with random jitter before training an aligner."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclass(frozen=True)
class AlignerConfig:
    audio_features: int = 6
    max_shift_s: float = 0.4
    cues: int = 6


class CueAligner(nnx.Module):
    def __init__(self, cfg: AlignerConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.offset = nnx.Linear(cfg.audio_features, 1, rngs=rngs)

    def __call__(self, audio):
        return jnp.tanh(self.offset(audio))[..., 0] * self.cfg.max_shift_s


def augment_cues(model: CueAligner, audio, starts, seed: int):
    rngs = nnx.Rngs(params=seed, jitter=seed + 1)

    keys = jax.random.split(rngs.jitter(), starts.shape[0])

    def cue(_, inputs):
        feats, start, key = inputs
        shift = jax.random.uniform(key, (), minval=-1.0, maxval=1.0) * model.cfg.max_shift_s
        predicted = model(feats)
        return None, jnp.stack([start + shift, shift, predicted])

    _, log = scan(cue, None, (audio, starts, keys))
    return log


def main():
    cfg = AlignerConfig()
    audio = jax.random.normal(jax.random.key(0), (cfg.cues, cfg.audio_features))
    starts = jnp.arange(cfg.cues, dtype=jnp.float32) * 2.5
    model = CueAligner(cfg, rngs=nnx.Rngs(0))
    log = augment_cues(model, audio, starts, seed=7)
    return log[:, 1]
