# label: ok
# flax-error: none
# class: 5 the scan body calls a jax.checkpoint-wrapped function built by build_forward(); the harmonizer rides in the scan carry and through the wrapper
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


def build_forward():
    def forward(harmonizer: Harmonizer, bar):
        logits = harmonizer(bar)
        return harmonizer, logits

    return checkpointed(forward)


def chord_nll(logits, chords):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), chords[..., None], axis=-1))


def song_loss(forward, harmonizer, melody_bars, chord_labels):
    def bar_step(carry, bar):
        model, total = carry
        melody, chords = bar
        model, logits = forward(model, melody)
        return (model, total + chord_nll(logits, chords)), None

    (model, total), _ = scan(bar_step, (harmonizer, jnp.zeros(())), (melody_bars, chord_labels))
    nnx.update(harmonizer, nnx.state(model))
    return total / melody_bars.shape[0]


def main():
    k1, k2 = jax.random.split(jax.random.key(12))
    melody_bars = jax.nn.one_hot(jax.random.randint(k1, (4, 6), 0, N_PITCH), N_PITCH)
    chord_labels = jax.random.randint(k2, (4, 6), 0, N_CHORDS)
    harmonizer = Harmonizer(16, rngs=nnx.Rngs(0))
    loss = functools.partial(song_loss, build_forward())(harmonizer, melody_bars, chord_labels)
    jax.block_until_ready(loss)
    return None
