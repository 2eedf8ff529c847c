# label: ok
# flax-error: none
# class: 4 Conductor.render_takes runs fori_loop and the body builds nnx.Rngs from the section's frozen config seed with the take index folded in before calling self.section.voice, so every take draws its own vibrato
"""Choir pitch-correction renderer: several takes of one phrase with humanising vibrato."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class SectionConfig:
    name: str = "alto"
    notes: int = 6
    seed: int = 42
    vibrato_cents: float = 12.0


class VoiceModel(nnx.Module):
    def __init__(self, notes: int, vibrato_cents: float, *, rngs: nnx.Rngs):
        self.correct = nnx.Linear(notes, notes, rngs=rngs)
        self.vibrato_cents = vibrato_cents

    def __call__(self, pitch_cents, *, rngs: nnx.Rngs):
        vibrato = self.vibrato_cents * jax.random.normal(rngs.vibrato(), pitch_cents.shape)
        return pitch_cents - 0.5 * self.correct(pitch_cents) + vibrato


class Section:
    def __init__(self, config: SectionConfig, *, rngs: nnx.Rngs):
        self.config = config
        self.voice = VoiceModel(config.notes, config.vibrato_cents, rngs=rngs)

    @classmethod
    def from_config(cls, config: SectionConfig) -> "Section":
        return cls(config, rngs=nnx.Rngs(params=0))


class Conductor:
    def __init__(self, section: Section):
        self.section = section

    def render_takes(self, phrase, takes: int):
        rendered = jnp.zeros((takes,) + phrase.shape)
        base_key = jax.random.key(self.section.config.seed)

        def take(i, rendered):
            rngs = nnx.Rngs(vibrato=jax.random.fold_in(base_key, i))
            return rendered.at[i].set(self.section.voice(phrase, rngs=rngs))

        return fori_loop(0, takes, take, rendered)


def main():
    section = Section.from_config(SectionConfig())
    phrase = jnp.array([0.0, 200.0, 400.0, 500.0, 700.0, 900.0]) + 15.0
    return Conductor(section).render_takes(phrase, takes=5)
