# label: same-values
# flax-error: none
# class: 3 the augmentation pipeline's key attribute, drawn once from an nnx.Rngs stream, is passed to the stain-jitter module in the fori_loop body
"""Histopathology tile augmentation: stain jitter drawn per augmented copy of a tile."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StainJitter(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, tile, key):
        eps = jax.random.normal(key, (3,))
        shift = 0.05 * nnx.tanh(self.mix(eps))
        return jnp.clip(tile + shift, 0.0, 1.0), shift


class AugmentationPipeline:
    def __init__(self, jitter: StainJitter, rngs: nnx.Rngs, copies=6):
        self.jitter = jitter
        self.key = rngs.augment()
        self.copies = copies

    def expand(self, tile):
        def body(i, carry):
            tiles, shifts = carry
            augmented, shift = self.jitter(tile, self.key)
            return tiles.at[i].set(augmented), shifts.at[i].set(shift)

        init = (jnp.zeros((self.copies,) + tile.shape), jnp.zeros((self.copies, 3)))
        tiles, shifts = jax.lax.fori_loop(0, self.copies, body, init)
        return tiles, shifts


def main():
    tile = jax.random.uniform(jax.random.key(13), (4, 4, 3))
    rngs = nnx.Rngs(0, augment=5)
    pipeline = AugmentationPipeline(StainJitter(rngs=rngs), rngs)
    tiles, shifts = pipeline.expand(tile)
    return {"shift": shifts}
