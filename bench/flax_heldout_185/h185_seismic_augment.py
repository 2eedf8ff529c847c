# label: same-values
# flax-error: none
# class: 2 the local aug_key and the augmenter variables of run_tta go straight into the scan body as rngs={"augment": aug_key} of every pass
"""Test-time augmentation for a seismic phase picker: jitter and gain are applied before the model."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

SAMPLES = 32


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    noise_std: float = 0.05
    max_gain_db: float = 3.0
    passes: int = 6


class WaveformAugment(nn.Module):
    """Preprocessing transform run before the picker: additive noise and a random gain."""

    config: AugmentConfig

    @nn.compact
    def __call__(self, trace):
        key = self.make_rng("augment")
        noise_key, gain_key = jax.random.split(key)
        noise = self.config.noise_std * jax.random.normal(noise_key, trace.shape)
        gain_db = jax.random.uniform(gain_key, (), minval=-self.config.max_gain_db,
                                     maxval=self.config.max_gain_db)
        return (trace + noise) * 10.0 ** (gain_db / 20.0)


class PhasePicker(nn.Module):
    @nn.compact
    def __call__(self, trace):
        h = nn.relu(nn.Dense(16)(trace))
        return nn.softmax(nn.Dense(3)(h))  # P, S, noise


def run_tta(picker, picker_vars, augment, window, key, passes):
    aug_vars = {}
    aug_key = key

    def body(carry, _):
        augmented = augment.apply(aug_vars, window, rngs={"augment": aug_key})
        probs = picker.apply(picker_vars, augmented)
        return carry, probs

    _, per_pass = scan(body, 0, None, length=passes)
    return per_pass


def main():
    cfg = AugmentConfig()
    window = jnp.sin(jnp.linspace(0.0, 12.0, SAMPLES))
    picker = PhasePicker()
    picker_vars = picker.init(jax.random.key(0), window)
    per_pass = run_tta(picker, picker_vars, WaveformAugment(cfg), window, jax.random.key(7), cfg.passes)
    return per_pass
