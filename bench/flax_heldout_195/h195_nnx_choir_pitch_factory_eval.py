# label: ok
# flax-error: none
# class: 5 make_correction_step(model) returns a step function closing over the model; the model is put in model.eval() first so its Dropout does not draw from its nnx.Rngs stream in the scan body
"""Choir rehearsal pitch correction: a factory builds the per-frame correction step for a voice
part, and the rehearsal tool scans it over the recorded frames of one phrase."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PitchCorrector(nnx.Module):
    def __init__(self, bins: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(bins, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.cents = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, frame):
        return 50.0 * jnp.tanh(self.cents(self.drop(nnx.relu(self.encode(frame))))[0])


@dataclasses.dataclass(frozen=True)
class VoicePart:
    name: str
    smoothing: float


def make_correction_step(model: PitchCorrector, part: VoicePart):
    def step(previous, frame):
        cents = part.smoothing * previous + (1 - part.smoothing) * model(frame)
        return cents, cents
    return step


class RehearsalTool:
    def __init__(self, model: PitchCorrector):
        self.model = model

    def correct(self, part: VoicePart, frames):
        self.model.eval()
        step = make_correction_step(self.model, part)
        _, cents = lax.scan(step, jnp.zeros(()), frames)
        return cents


def main():
    model = PitchCorrector(bins=20, rngs=nnx.Rngs(params=0, dropout=1))
    frames = jax.random.uniform(jax.random.key(6), (16, 20))
    return RehearsalTool(model).correct(VoicePart("alto", 0.6), frames)
