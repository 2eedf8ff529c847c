# label: ok
# flax-error: none
# class: 4 StreamingAdapter.backend.model is put into eval mode once when ModelBackend is built; the adapter only calls ModelBackend.infer from the scan body
"""Hearing-aid noise suppression on a stream of audio frames.

The DSP loop calls processors as (gain_state, frame) -> (gain_state, mask); the learned
suppressor exposes frame -> mask, so an adapter translates between the two.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class NoiseSuppressor(nnx.Module):
    def __init__(self, n_bands: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_bands, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.mask = nnx.Linear(16, n_bands, rngs=rngs)

    def __call__(self, spectrum):
        h = self.drop(nnx.gelu(self.norm(self.proj(spectrum))))
        return nnx.sigmoid(self.mask(h))


class ModelBackend:
    def __init__(self, model: NoiseSuppressor):
        self.model = model
        self.model.eval()

    def infer(self, spectrum):
        return self.model(spectrum[None, :])[0]


class StreamingAdapter:
    """(gain_state, frame) -> (gain_state, mask) on top of frame -> mask."""

    def __init__(self, backend: ModelBackend, smoothing: float = 0.7):
        self.backend = backend
        self.smoothing = smoothing

    def __call__(self, gain, frame):
        mask = self.backend.infer(frame)
        gain = self.smoothing * gain + (1.0 - self.smoothing) * mask
        return gain, gain * frame


def main():
    n_bands = 12
    frames = jnp.abs(jax.random.normal(jax.random.key(0), (25, n_bands)))
    adapter = StreamingAdapter(ModelBackend(NoiseSuppressor(n_bands, nnx.Rngs(0))))
    gain, cleaned = scan(adapter, jnp.ones((n_bands,)), frames)
    print("mean gain", float(gain.mean()), "output energy", float((cleaned**2).sum()))
    return None
