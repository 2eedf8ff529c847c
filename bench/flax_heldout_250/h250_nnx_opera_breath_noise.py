# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 sample_breaths hands its local rngs (an nnx.Rngs) straight into the scan body, which calls rngs.breath() at every step
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

    def take(i, _):
        breath = jax.random.normal(rngs.breath(), (voice.formants,))
        return i + 1, filt(phrase, breath)

    _, takes = scan(take, 0, None, length=voice.takes)
    return takes


def main():
    voice = UnderstudyVoice()
    filt = FormantFilter(voice, nnx.Rngs(params=2))
    phrase = jnp.array([0.3, -0.2, 0.8])
    return sample_breaths(voice, filt, phrase, seed=12)
