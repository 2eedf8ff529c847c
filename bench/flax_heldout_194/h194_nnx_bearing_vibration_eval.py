# label: ok
# flax-error: none
# class: 4 the scan body calls pipeline.stages[-1].model through a stage object; the encoder is switched to model.eval() before the loop
"""Rolling-element bearing health scoring over vibration windows.

An inference pipeline of stages (band-pass features -> encoder -> health head)
scores each vibration window of a shift; the scoring loop is a lax.scan.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class VibrationEncoder(nnx.Module):
    def __init__(self, n_bands: int, hidden: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_bands, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, bands):
        h = self.drop(nnx.gelu(self.norm(self.proj(bands))))
        return nnx.sigmoid(self.head(h))[..., 0]


class BandPassStage:
    def __init__(self, n_bands: int):
        self.n_bands = n_bands

    def __call__(self, window):
        spectrum = jnp.abs(jnp.fft.rfft(window, axis=-1))
        return spectrum[..., : self.n_bands]


class ModelStage:
    def __init__(self, model: nnx.Module):
        self.model = model
        self.model.eval()  # serving: running statistics, no dropout

    def __call__(self, features):
        return self.model(features)


class InferencePipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def score_shift(self, windows):
        def score(worst, window):
            features = self.stages[0](window)
            health = self.stages[-1](features)
            return jnp.maximum(worst, health.max()), health

        return lax.scan(score, jnp.zeros(()), windows)


def main():
    windows = jax.random.normal(jax.random.key(21), (6, 4, 32))
    encoder = VibrationEncoder(n_bands=8, hidden=16, rngs=nnx.Rngs(0))
    pipeline = InferencePipeline([BandPassStage(8), ModelStage(encoder)])
    worst, health = pipeline.score_shift(windows)
    print("worst bearing score", worst)
