# label: ok
# flax-error: none
# class: 5 a step factory closes over the enhancer; voiced flags leave the scan as ys and the session adds them to the VoicedFrames variable after the loop
"""Streaming speech enhancer that keeps a count of voiced frames for its session report."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

N_BINS = 8


class VoicedFrames(nnx.Variable):
    pass


class StreamingEnhancer(nnx.Module):
    def __init__(self, n_bins: int, rngs: nnx.Rngs):
        self.gain = nnx.Linear(n_bins, n_bins, rngs=rngs)
        self.voiced = VoicedFrames(jnp.zeros((), jnp.int32))

    def filter(self, frame):
        return frame * jax.nn.sigmoid(self.gain(frame))


def make_frame_step(enhancer: StreamingEnhancer, threshold: float):
    def step(carry, frame):
        enhanced = enhancer.filter(frame)
        is_voiced = (jnp.mean(enhanced**2) > threshold).astype(jnp.int32)
        return carry, (enhanced, is_voiced)

    return step


class Session:
    def __init__(self, enhancer: StreamingEnhancer, threshold: float = 0.05):
        self.enhancer = enhancer
        self.step = make_frame_step(enhancer, threshold)

    def process(self, frames):
        _, (enhanced, voiced_flags) = lax.scan(self.step, None, frames)
        self.enhancer.voiced[...] = self.enhancer.voiced[...] + voiced_flags.sum()
        return enhanced

    def report(self):
        return {"voiced_frames": self.enhancer.voiced[...]}


def chunk(n_frames=6):
    t = jnp.arange(n_frames * N_BINS, dtype=jnp.float32).reshape(n_frames, N_BINS)
    return jnp.abs(jnp.sin(0.37 * t)) * jnp.linspace(0.1, 1.0, n_frames)[:, None]


def main():
    session = Session(StreamingEnhancer(N_BINS, nnx.Rngs(0)))
    enhanced = session.process(chunk())
    jax.block_until_ready((enhanced, session.report()))
    return None
