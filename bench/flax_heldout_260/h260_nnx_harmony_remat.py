# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body calls a jax.checkpoint-wrapped closure built by build_forward() over the harmonizer module
"""Symbolic music: bar-by-bar harmony loss for a melody harmonizer, rematerialised to save memory."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_PITCH = 24
N_CHORDS = 10


class Harmonizer(nnx.Module):
    def __init__(self, hidden: int, *, rngs: nnx.Rngs):
        self.melody_in = nnx.Linear(N_PITCH, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, rngs=rngs)
        self.chord_out = nnx.Linear(hidden, N_CHORDS, rngs=rngs)

    def __call__(self, melody_bar):
        return self.chord_out(nnx.gelu(self.bn(self.melody_in(melody_bar))))


def checkpointed(fn, *, save_dots: bool = True):
    policy = jax.checkpoint_policies.dots_with_no_batch_dims_saveable if save_dots else None
    return jax.checkpoint(fn, policy=policy)


def build_forward(harmonizer: Harmonizer):
    return checkpointed(lambda bar: harmonizer(bar))


def chord_nll(logits, chords):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), chords[..., None], axis=-1))


def song_loss(forward, melody_bars, chord_labels):
    def bar_step(total, bar):
        melody, chords = bar
        return total + chord_nll(forward(melody), chords), None

    total, _ = scan(bar_step, jnp.zeros(()), (melody_bars, chord_labels))
    return total / melody_bars.shape[0]


def main():
    k1, k2 = jax.random.split(jax.random.key(12))
    melody_bars = jax.nn.one_hot(jax.random.randint(k1, (4, 6), 0, N_PITCH), N_PITCH)
    chord_labels = jax.random.randint(k2, (4, 6), 0, N_CHORDS)
    harmonizer = Harmonizer(16, rngs=nnx.Rngs(0))
    loss = functools.partial(song_loss, build_forward(harmonizer))(melody_bars, chord_labels)
    jax.block_until_ready(loss)
    return None
