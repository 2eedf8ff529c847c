# label: ok
# flax-error: none
# class: 4 runner.augmenter.model is applied in the fori_loop body with the per-request key folded with the copy index
"""Synthetic-noise augmentation of seismograph traces for a detector's training pipeline."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop as repeat


class MicroseismNoise(nn.Module):
    channels: int = 3

    @nn.compact
    def __call__(self, trace):
        colour = self.param("colour", nn.initializers.constant(0.5), (self.channels,))
        white = jax.random.normal(self.make_rng("noise"), trace.shape)
        brown = jnp.cumsum(white, axis=0) / jnp.sqrt(trace.shape[0])
        return trace + colour * brown + (1.0 - colour) * white


@dataclass
class SynthRequest:
    station: str
    copies: int
    key: jax.Array


class Augmenter:
    def __init__(self, model: MicroseismNoise, variables):
        self.model = model
        self.variables = variables


class AugmentationRunner:
    def __init__(self, augmenter: Augmenter):
        self.augmenter = augmenter

    def synthesize(self, trace, request: SynthRequest):
        out = jnp.zeros((request.copies,) + trace.shape)

        def one_copy(i, out):
            noisy = self.augmenter.model.apply(
                self.augmenter.variables, trace, rngs={"noise": jax.random.fold_in(request.key, i)}
            )
            return out.at[i].set(noisy)

        return repeat(0, request.copies, one_copy, out)


def build_runner() -> AugmentationRunner:
    model = MicroseismNoise()
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(0)}, jnp.zeros((10, 3)))
    return AugmentationRunner(Augmenter(model, variables))


def main():
    runner = build_runner()
    trace = jnp.sin(jnp.linspace(0.0, 6.0, 10))[:, None] * jnp.ones((1, 3))
    request = SynthRequest(station="OBS-17", copies=4, key=jax.random.key(123))
    return runner.synthesize(trace, request)
