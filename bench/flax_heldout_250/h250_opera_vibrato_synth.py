# label: same-values
# flax-error: none
# class: 1 VibratoSynth.__call__ runs lax.scan over the note's frames and draws self.make_rng("vibrato") inside the body
"""Vibrato synthesis for the opera house's rehearsal accompaniment track."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class VoiceProfile:
    role: str
    harmonics: int = 6
    depth: float = 0.3


class VibratoSynth(nn.Module):
    profile: VoiceProfile
    frames: int = 5

    @nn.compact
    def __call__(self, pitch):
        timbre = nn.Dense(self.profile.harmonics, name="timbre")(pitch)
        depth = self.param("depth", nn.initializers.constant(self.profile.depth), (self.profile.harmonics,))

        def frame(phase, _):
            wobble = jax.random.normal(self.make_rng("vibrato"), (self.profile.harmonics,))
            return phase + 1.0, timbre + depth * wobble

        _, frames = lax.scan(frame, jnp.float32(0.0), None, length=self.frames)
        return frames


class Accompanist:
    def __init__(self, profile: VoiceProfile, seed: int = 21):
        self.synth = VibratoSynth(profile)
        self._init_key, self._play_key = jax.random.split(jax.random.key(seed))
        self.variables = None

    def tune(self, pitch):
        self.variables = self.synth.init(
            {"params": self._init_key, "vibrato": self._init_key}, pitch
        )

    def play(self, pitch):
        return self.synth.apply(self.variables, pitch, rngs={"vibrato": self._play_key})


def main():
    pitch = jnp.array([440.0, 0.5, 0.25]) / 440.0
    accompanist = Accompanist(VoiceProfile("Mimi"))
    accompanist.tune(pitch)
    return accompanist.play(pitch)
