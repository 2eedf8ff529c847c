# label: same-values
# flax-error: none
# class: 5 make_jitter_fn returns functools.partial(jitter, key=jitter.seed.get_value()), the AugmentationSeed Variable's key bound once, and the fori_loop body calls it
"""Receipt OCR: before the recogniser sees them, glyph crops are jittered by a pixel-dropout
augmentation module; the data pipeline builds the jitter function once per epoch."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class AugmentationSeed(nnx.Variable):
    """The epoch's augmentation key; restored with the pipeline checkpoint."""


class GlyphJitter(nnx.Module):
    def __init__(self, rate: float, rngs: nnx.Rngs):
        self.pixel_drop = nnx.Dropout(rate, rngs=rngs)
        self.contrast = nnx.Param(jnp.array(1.1))
        self.seed = AugmentationSeed(rngs.augment())

    def __call__(self, crop, key):
        return self.pixel_drop(crop * self.contrast[...], rngs=key)


def make_jitter_fn(jitter: GlyphJitter):
    return functools.partial(jitter, key=jitter.seed.get_value())


def jitter_epoch(jitter, crops):
    jitter_fn = make_jitter_fn(jitter)

    def body(i, out):
        return out.at[i].set(jitter_fn(crops[i]))

    return jax.lax.fori_loop(0, crops.shape[0], body, jnp.zeros_like(crops))


def main():
    jitter = GlyphJitter(0.15, nnx.Rngs(dropout=0, augment=11))
    crops = jnp.ones((6, 12, 12))
    return jitter_epoch(jitter, crops)
