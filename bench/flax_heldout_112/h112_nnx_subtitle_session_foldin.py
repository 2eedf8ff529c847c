# label: ok
# flax-error: none
# class: 4 the aligner service looks up a session registered by name in its dict; the session's model is used inside the scan over Monte Carlo samples with the session key folded in with the sample index
"""Subtitle alignment service: per-cue timing offsets with Monte Carlo dropout spread.

Each broadcaster registers its own fine-tuned aligner; a session keeps the model and a
dropout key, and the service draws k stochastic passes to decide which cues to flag."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class OffsetAligner(nnx.Module):
    def __init__(self, n_audio, n_text, hidden, *, rngs: nnx.Rngs):
        self.audio_proj = nnx.Linear(n_audio, hidden, rngs=rngs)
        self.text_proj = nnx.Linear(n_text, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, audio, text, *, rngs=None):
        h = nnx.gelu(self.audio_proj(audio.mean(axis=1)) + self.text_proj(text))
        h = self.drop(h, rngs=rngs)
        return 2.0 * jnp.tanh(self.out(h).squeeze(-1))  # seconds


class AlignSession:
    def __init__(self, model, seed):
        self.model = model
        self.sample_key = jax.random.key(seed)


class SubtitleAligner:
    def __init__(self, n_samples=5):
        self.n_samples = n_samples
        self._sessions = {}

    def register(self, name, model, seed):
        self._sessions[name] = AlignSession(model, seed)

    def offset_samples(self, name, audio, text):
        session = self._sessions[name]

        def sample(carry, i):
            return carry, session.model(audio, text, rngs=jax.random.fold_in(session.sample_key, i))

        _, offsets = scan(sample, None, jnp.arange(self.n_samples))
        return offsets


def main():
    k_a, k_t = jax.random.split(jax.random.key(0))
    audio = jax.random.normal(k_a, (6, 30, 10))  # 6 cues, 30 frames, 10 bands
    text = jax.random.normal(k_t, (6, 8))
    service = SubtitleAligner()
    service.register("evening-news", OffsetAligner(10, 8, 24, rngs=nnx.Rngs(0)), seed=5)
    return service.offset_samples("evening-news", audio, text)
