# label: same-values
# flax-error: none
# class: 2 the dropout key is a local of mc_denoise and every scan step passes that same key to model.apply
"""Seismic station denoising with Monte-Carlo dropout.

Each station report carries an uncertainty band: the denoiser is applied to the
same waveform window many times with dropout active and the spread is reported.
"""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class WaveformDenoiser(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, window, deterministic: bool = True):
        h = nn.gelu(nn.Dense(self.hidden)(window))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(window.shape[-1])(h)


@dataclass(frozen=True)
class StationReport:
    station: str
    mean: jax.Array
    spread: jax.Array


def mc_denoise(model, variables, window, n_samples: int, seed: int):
    dropout_key = jax.random.key(seed)

    def draw(carry, _):
        clean = model.apply(variables, window, deterministic=False, rngs={"dropout": dropout_key})
        return carry, clean

    _, samples = scan(draw, None, jnp.arange(n_samples))
    return samples


def report(station, model, variables, window, n_samples=6, seed=2024):
    samples = mc_denoise(model, variables, window, n_samples, seed)
    return StationReport(station, samples.mean(0), samples.std(0)), samples


def main():
    window = jax.random.normal(jax.random.key(5), (2, 16))
    model = WaveformDenoiser()
    variables = model.init(jax.random.key(0), window)
    rep, samples = report("KX.BRD01", model, variables, window)
    print(rep.station, float(rep.spread.mean()))
    return samples
