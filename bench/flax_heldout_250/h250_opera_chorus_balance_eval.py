# label: ok
# flax-error: none
# class: 1 ChorusBalancer.__call__ runs jax.lax.scan over the score's bars and calls its own setup BatchNorm self.norm in the body, in evaluation mode for the performance preview
"""Chorus section balance model for the opera house sound desk (performance preview)."""

from __future__ import annotations

import dataclasses
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class Section:
    name: str
    singers: int


SECTIONS: Sequence[Section] = (
    Section("soprano", 12),
    Section("alto", 10),
    Section("tenor", 8),
    Section("bass", 9),
)


class ChorusBalancer(nn.Module):
    voices: int
    width: int = 8

    def setup(self):
        self.embed = nn.Dense(self.width)
        self.norm = nn.BatchNorm(momentum=0.95)
        self.gain = nn.Dense(self.voices)

    def prime(self, bar):
        return self.gain(self.norm(self.embed(bar), use_running_average=True))

    def __call__(self, bars, *, rehearsal: bool):
        def through(level, bar):
            hidden = self.norm(self.embed(bar), use_running_average=not rehearsal)
            return level + jax.nn.sigmoid(self.gain(hidden)).mean(0), None

        level, _ = jax.lax.scan(through, jnp.zeros((self.voices,)), bars)
        return level / bars.shape[0]


class SoundDesk:
    def __init__(self, sections: Sequence[Section]):
        self.sections = tuple(sections)
        self.balancer = ChorusBalancer(voices=len(self.sections))
        self.variables = None

    def load(self, sample_bar, seed=0):
        self.variables = self.balancer.init(jax.random.key(seed), sample_bar, method=ChorusBalancer.prime)

    def preview(self, bars):
        levels = self.balancer.apply(self.variables, bars, rehearsal=False)
        return dict(zip((s.name for s in self.sections), levels))


def score_bars(bars=4, beats=3, features=5):
    grid = jnp.arange(bars * beats * features, dtype=jnp.float32).reshape(bars, beats, features)
    return jnp.cos(grid / 7.0)


def main():
    bars = score_bars()
    desk = SoundDesk(SECTIONS)
    desk.load(bars[0])
    levels = desk.preview(bars)
    jax.block_until_ready(levels)
    return None
