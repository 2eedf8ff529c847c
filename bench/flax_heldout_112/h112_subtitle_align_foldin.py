# label: ok
# flax-error: none
# class: 5 the alignment service keeps functools.partial(model.apply, variables) and a base key; each scan step passes rngs={'dropout': fold_in(key, i)}
"""Subtitle alignment service: offset of each cue against the audio, with a Monte Carlo
dropout spread so that editors only review cues the model is unsure about."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

MAX_SHIFT_FRAMES = 25


class CueOffsetNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, audio, text, deterministic=True):
        h = jnp.concatenate([audio.mean(axis=1), text], axis=-1)
        h = nn.gelu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(0.3, deterministic=deterministic)(h)
        logits = nn.Dense(2 * MAX_SHIFT_FRAMES + 1)(h)
        shifts = jnp.arange(-MAX_SHIFT_FRAMES, MAX_SHIFT_FRAMES + 1, dtype=jnp.float32)
        return jnp.sum(jax.nn.softmax(logits) * shifts, axis=-1)


class AlignmentService:
    def __init__(self, model, variables, seed, n_samples=6):
        self.n_samples = n_samples
        self._key = jax.random.key(seed)
        self._mc_forward = functools.partial(model.apply, variables, deterministic=False)

    def sample_offsets(self, audio, text):
        def draw(carry, i):
            rngs = {"dropout": jax.random.fold_in(self._key, i)}
            return carry, self._mc_forward(audio, text, rngs=rngs)

        _, offsets = scan(draw, None, jnp.arange(self.n_samples))
        return offsets  # (n_samples, n_cues)

    def review_queue(self, audio, text, threshold=0.5):
        offsets = self.sample_offsets(audio, text)
        return offsets, offsets.std(axis=0) > threshold


def main():
    k_audio, k_text, k_init = jax.random.split(jax.random.key(0), 3)
    audio = jax.random.normal(k_audio, (5, 40, 12))  # 5 cues, 40 frames of 12 mel bands
    text = jax.random.normal(k_text, (5, 16))
    model = CueOffsetNet()
    variables = model.init(k_init, audio, text)
    service = AlignmentService(model, variables, seed=7)
    offsets, _ = service.review_queue(audio, text)
    return offsets
