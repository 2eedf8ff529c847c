# label: ok
# flax-error: none
# class: 2 jittered_views splits a key from the rngs jitter stream into per-view keys scanned as xs; the scan body uses the local model directly
"""Test-time augmentation for crop-type classification: radiometric jitter over several views of one parcel."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class CropTypeClassifier(nnx.Module):
    def __init__(self, bands: int, crops: int, rngs: nnx.Rngs):
        self.spectral = nnx.Linear(bands, 12, rngs=rngs)
        self.logits = nnx.Linear(12, crops, rngs=rngs)

    def __call__(self, parcel):
        return self.logits(nnx.gelu(self.spectral(parcel)).mean(axis=0))


def jittered_views(model, parcel, rngs: nnx.Rngs, views: int = 5, strength: float = 0.1):
    view_keys = jax.random.split(rngs.jitter(), views)
    bands = parcel.shape[-1]

    def view(_, key):
        gain = 1.0 + strength * jax.random.normal(key, (bands,))
        return None, jax.nn.softmax(model(parcel * gain))

    _, probs = lax.scan(view, None, view_keys)
    return probs


def main():
    parcel = jnp.full((9, 6), 0.25)
    model = CropTypeClassifier(6, 4, nnx.Rngs(params=0))
    probs = jittered_views(model, parcel, nnx.Rngs(jitter=11))
    return probs
