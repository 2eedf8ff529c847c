# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 handle(RehearsalTake) singledispatch handler -> ctx.tuner.model, whose Dropout draws from its nnx.Rngs stream, called inside the scan body
"""Intonation tracking for a chamber choir's rehearsal app.

Audio frames arrive as typed messages and are routed by a functools.singledispatch handler; a
rehearsal take is passed to the pitch-deviation model section by section.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PitchDeviation(nnx.Module):
    def __init__(self, bins: int, rngs: nnx.Rngs):
        self.spectrum = nnx.Linear(bins, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.cents = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, frames):
        return self.cents(self.drop(nnx.tanh(self.spectrum(frames))))[..., 0]


@dataclass
class Tuner:
    model: PitchDeviation


@dataclass
class RehearsalContext:
    tuner: Tuner
    reference_hz: float = 442.0


@dataclass(frozen=True)
class RehearsalTake:
    frames: jax.Array


@dataclass(frozen=True)
class Metronome:
    bpm: float


@functools.singledispatch
def handle(message, ctx: RehearsalContext):
    raise TypeError(type(message).__name__)


@handle.register
def _(message: RehearsalTake, ctx: RehearsalContext):
    return ctx.tuner.model(message.frames)


@handle.register
def _(message: Metronome, ctx: RehearsalContext):
    return jnp.asarray(60.0 / message.bpm)


def track_take(ctx: RehearsalContext, sections):
    def section(drift, frames):
        cents = handle(RehearsalTake(frames), ctx)
        return 0.8 * drift + 0.2 * cents.mean(), cents

    return scan(section, jnp.zeros(()), sections)


def main():
    ctx = RehearsalContext(Tuner(PitchDeviation(10, nnx.Rngs(0))))
    sections = jax.random.normal(jax.random.key(41), (6, 4, 10))  # sections x voices x bins
    drift, cents = track_take(ctx, sections)
    beat = handle(Metronome(72.0), ctx)
    jax.block_until_ready((drift, cents, beat))
    return None
