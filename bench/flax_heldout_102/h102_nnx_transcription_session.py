# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the session's graphdef and carried state and caches the merged module on the TranscriptionSession held by the service; a later preview call uses that cached module
"""Piano transcription service: per-user sessions turn spectrogram frames into pitch-class onsets."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

N_BINS = 16
PITCH_CLASSES = 12


class OnsetDetector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(N_BINS, PITCH_CLASSES, rngs=rngs)
        self.onset_bias = nnx.Param(jnp.full((PITCH_CLASSES,), -0.5))

    def __call__(self, frame):
        return nnx.sigmoid(self.proj(frame) + self.onset_bias[...])


class TranscriptionSession:
    def __init__(self, model: OnsetDetector):
        self.graphdef, self.state = nnx.split(model)
        self._live: OnsetDetector | None = None  # warm module for the low-latency preview path

    def live_model(self) -> OnsetDetector:
        if self._live is None:
            self._live = nnx.merge(self.graphdef, self.state)
        return self._live

    def transcribe(self, frames):
        def body(state, frame):
            model = nnx.merge(self.graphdef, state)
            self._live = model
            return nnx.state(model), model(frame) > 0.5

        self.state, onsets = lax.scan(body, self.state, frames)
        return onsets

    def preview(self, frame):
        return self.live_model()(frame)


class TranscriptionService:
    def __init__(self, users, seed: int = 0):
        self.sessions = {u: TranscriptionSession(OnsetDetector(nnx.Rngs(seed))) for u in users}

    def handle(self, user: str, frames):
        session = self.sessions[user]
        onsets = session.transcribe(frames)
        level = session.preview(frames[-1])
        return onsets, level


def main():
    service = TranscriptionService(["alice", "bob"])
    frames = jnp.abs(jax.random.normal(jax.random.key(2), (9, N_BINS)))
    service.handle("alice", frames)
    return None
