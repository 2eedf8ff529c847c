# label: ok
# flax-error: none
# class: 2 sample_breaths draws one key from its local rngs, splits it before the scan, and the scan body receives one key per take as xs
"""Breath-noise sampler for the opera house's synthetic understudy voice."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class UnderstudyVoice:
    formants: int = 5
    breathiness: float = 0.15
    takes: int = 6


class FormantFilter(nnx.Module):
    def __init__(self, voice: UnderstudyVoice, rngs: nnx.Rngs):
        self.shape = nnx.Linear(3, voice.formants, rngs=rngs)
        self.breathiness = voice.breathiness

    def __call__(self, phrase, breath):
        return jnp.tanh(self.shape(phrase)) + self.breathiness * breath


def sample_breaths(voice: UnderstudyVoice, filt: FormantFilter, phrase, seed: int):
    rngs = nnx.Rngs(breath=seed)
    take_keys = jax.random.split(rngs.breath(), voice.takes)

    def take(i, key):
        breath = jax.random.normal(key, (voice.formants,))
        return i + 1, filt(phrase, breath)

    _, takes = scan(take, 0, take_keys)
    return takes


def main():
    voice = UnderstudyVoice()
    filt = FormantFilter(voice, nnx.Rngs(params=2))
    phrase = jnp.array([0.3, -0.2, 0.8])
    return sample_breaths(voice, filt, phrase, seed=12)
