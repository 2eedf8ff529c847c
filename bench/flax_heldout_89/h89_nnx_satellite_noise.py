# label: same-values
# flax-error: none
# class: 2 the augmenter module draws one key from its nnx.Rngs 'noise' stream before the scan; the body uses that key for every date
"""Satellite-imagery change detection (NNX): synthetic cloud masks for each date of a scene stack."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class CloudMaskAugmenter(nnx.Module):
    def __init__(self, cover: float, rngs: nnx.Rngs):
        self.cover = cover
        self.rngs = rngs

    def masks_for_stack(self, stack):
        key = self.rngs.noise()

        def body(carry, tile):
            mask = jax.random.bernoulli(key, self.cover, tile.shape[:2])
            return carry, mask

        _, masks = lax.scan(body, None, stack)
        return masks


def main():
    stack = jnp.ones((6, 16, 16, 4))
    augmenter = CloudMaskAugmenter(0.3, nnx.Rngs(0, noise=5))
    return augmenter.masks_for_stack(stack)
