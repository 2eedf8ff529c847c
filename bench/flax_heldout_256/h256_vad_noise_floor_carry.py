# label: ok
# flax-error: none
# class: 5 a step factory closes over the tracker submodule; the noise floor rides in the while_loop carry and is committed after the loop
"""Streaming voice-activity scoring with a running noise-floor estimate kept in a Linen collection."""

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

N_BINS = 6


class NoiseFloorTracker(nn.Module):
    n_bins: int
    decay: float = 0.9

    def setup(self):
        self.floor = self.variable("state", "floor", jnp.ones, (self.n_bins,))

    def current(self):
        return self.floor.value

    def observe(self, floor, power):
        floor = jnp.minimum(power, self.decay * floor + (1.0 - self.decay) * power)
        return floor, power / (floor + 1e-3)

    def commit(self, floor):
        self.floor.value = floor


def make_frame_step(tracker, frames, threshold):
    def step(state):
        i, floor, voiced = state
        floor, snr = tracker.observe(floor, frames[i])
        return i + 1, floor, voiced + (snr.mean() > threshold).astype(jnp.float32)

    return step


class VoiceActivityScorer(nn.Module):
    n_bins: int = N_BINS
    threshold: float = 2.0

    def setup(self):
        self.tracker = NoiseFloorTracker(self.n_bins)

    def __call__(self, frames):
        n_frames = frames.shape[0]
        step = make_frame_step(self.tracker, frames, self.threshold)
        init = (0, self.tracker.current(), jnp.float32(0.0))
        _, floor, voiced = while_loop(lambda s: s[0] < n_frames, step, init)
        self.tracker.commit(floor)
        return voiced / n_frames


class StreamingSession:
    def __init__(self, scorer, variables):
        self.scorer = scorer
        self.variables = variables

    def push(self, chunk):
        ratio, updates = self.scorer.apply(self.variables, chunk, mutable=["state"])
        self.variables = {**self.variables, **updates}
        return ratio


def power_chunks(n_chunks=2, n_frames=5):
    t = jnp.arange(n_chunks * n_frames * N_BINS, dtype=jnp.float32)
    return (1.0 + jnp.sin(t) ** 2).reshape(n_chunks, n_frames, N_BINS)


def main():
    chunks = power_chunks()
    scorer = VoiceActivityScorer()
    variables = scorer.init(jax.random.key(0), chunks[0])
    session = StreamingSession(scorer, variables)
    ratios = [session.push(chunk) for chunk in chunks]
    jax.block_until_ready(ratios)
    return None
