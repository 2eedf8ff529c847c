# label: same-values
# flax-error: none
# class: 2 the classifier and the augmentation key are locals of augmented_scores and the nested lax.scan body passes both straight to the model
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx as fnnx

lax = jax.lax

SUBSTRATES = ("live_coral", "dead_coral", "algae", "sand")


class QuadratPatchClassifier(fnnx.Module):
    """Substrate class of a photo-quadrat patch; pixel masking is the augmentation."""

    def __init__(self, n_pixels: int, *, rngs: fnnx.Rngs):
        self.mask = fnnx.Dropout(0.2)
        self.fc = fnnx.Linear(n_pixels, len(SUBSTRATES), rngs=rngs)

    def __call__(self, patch, augment_key=None):
        if augment_key is not None:
            patch = self.mask(patch, deterministic=False, rngs=augment_key)
        return fnnx.softmax(self.fc(patch))


def augmented_scores(model: QuadratPatchClassifier, patch, n_views: int, seed: int = 8):
    augment_key = jax.random.key(seed)

    def view(carry, _):
        probs = model(patch, augment_key)
        return carry + probs, probs

    total, per_view = lax.scan(view, jnp.zeros(len(SUBSTRATES)), None, length=n_views)
    return per_view, total / n_views


def synthetic_patch(n_pixels: int = 16):
    return jnp.abs(jnp.sin(jnp.arange(n_pixels, dtype=jnp.float32) * 0.7))


def main():
    model = QuadratPatchClassifier(16, rngs=fnnx.Rngs(4))
    per_view, _ = augmented_scores(model, synthetic_patch(), n_views=5)
    return per_view
