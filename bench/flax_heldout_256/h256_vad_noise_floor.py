# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a step factory closes over the tracker submodule, whose 'state' collection is written inside the while_loop body
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

    def observe(self, power):
        floor = self.floor.value
        self.floor.value = jnp.minimum(power, self.decay * floor + (1.0 - self.decay) * power)
        return power / (self.floor.value + 1e-3)


def make_frame_step(tracker, frames, threshold):
    def step(state):
        i, voiced = state
        snr = tracker.observe(frames[i])
        return i + 1, voiced + (snr.mean() > threshold).astype(jnp.float32)

    return step


class VoiceActivityScorer(nn.Module):
    n_bins: int = N_BINS
    threshold: float = 2.0

    def setup(self):
        self.tracker = NoiseFloorTracker(self.n_bins)

    def __call__(self, frames):
        n_frames = frames.shape[0]
        step = make_frame_step(self.tracker, frames, self.threshold)
        _, voiced = while_loop(lambda s: s[0] < n_frames, step, (0, jnp.float32(0.0)))
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
