# label: same-values
# flax-error: none
# class: 4 Detector.augmenter.settings.noise_key, a key in a frozen settings dataclass two objects down, given as the 'noise' rng of every apply in the fori_loop body
"""Seismic event detection: the picker scores a waveform many times under injected sensor
noise and keeps every noisy score to estimate how stable the pick is."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class NoisyPicker(nn.Module):
    sigma: float = 0.05

    @nn.compact
    def __call__(self, waveform):
        noise = self.sigma * jax.random.normal(self.make_rng("noise"), waveform.shape)
        h = nn.Conv(4, kernel_size=(5,))(waveform + noise)
        return nn.Dense(1)(nn.relu(h).mean(axis=0))[0]


@dataclasses.dataclass(frozen=True)
class AugmentSettings:
    passes: int
    noise_key: jax.Array


class Augmenter:
    def __init__(self, settings: AugmentSettings):
        self.settings = settings


class Detector:
    def __init__(self, picker, variables, augmenter):
        self.picker = picker
        self.variables = variables
        self.augmenter = augmenter

    def noisy_scores(self, waveform):
        passes = self.augmenter.settings.passes

        def body(i, scores):
            score = self.picker.apply(
                self.variables, waveform, rngs={"noise": self.augmenter.settings.noise_key}
            )
            return scores.at[i].set(score)

        return lax.fori_loop(0, passes, body, jnp.zeros((passes,)))


def main():
    picker = NoisyPicker()
    waveform = jnp.sin(jnp.linspace(0.0, 12.0, 64))[:, None]
    variables = picker.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, waveform)
    settings = AugmentSettings(passes=6, noise_key=jax.random.key(9))
    detector = Detector(picker, variables, Augmenter(settings))
    return detector.noisy_scores(waveform)
