# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_tracker_step(model) returns a jax.checkpoint-wrapped step closing over the nnx model; the scan body runs its Dropout, which draws from the model's nnx.Rngs stream
"""Choir rehearsal pitch tracker: a small model follows each singer's pitch frame by frame,
with dropout kept on for test-time augmentation; steps are rematerialised for long takes."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class PitchTracker(nnx.Module):
    def __init__(self, bins, rngs):
        self.frame = nnx.Linear(bins + 1, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.pitch = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, spectrum, prev_pitch):
        h = nnx.tanh(self.frame(jnp.concatenate([spectrum, prev_pitch[:, None]], axis=-1)))
        return self.pitch(self.drop(h))[:, 0]


def make_tracker_step(model, smoothing):
    @functools.partial(jax.checkpoint, prevent_cse=False)
    def step(prev_pitch, spectrum):
        pitch = smoothing * prev_pitch + (1.0 - smoothing) * model(spectrum, prev_pitch)
        return pitch, pitch

    return step


class RehearsalSession:
    def __init__(self, voices, bins):
        self.tracker = PitchTracker(bins, nnx.Rngs(params=0, dropout=1))
        self.voices = voices

    def track(self, take):
        step = make_tracker_step(self.tracker, smoothing=0.6)
        _, pitches = scan(step, jnp.zeros((self.voices,)), take)
        return pitches


def main():
    take = jax.random.uniform(jax.random.key(2), (20, 4, 10))  # frames, voices, spectrum bins
    return RehearsalSession(voices=4, bins=10).track(take)
