# label: ok
# flax-error: none
# class: 3 self.make_rng("augment") called once before the raw jax.lax.scan; the split keys are scanned over with the images
"""Random crop layer after the fix: one make_rng before the scan, split into a key per image."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RandomCrop(nn.Module):
    size: int = 6

    @nn.compact
    def __call__(self, images):
        pad = images.shape[1] - self.size
        keys = jax.random.split(self.make_rng("augment"), images.shape[0])

        def crop_one(_, inp):
            img, rng = inp
            off = jax.random.randint(rng, (2,), 0, pad + 1)
            patch = jax.lax.dynamic_slice(img, (off[0], off[1], 0), (self.size, self.size, img.shape[-1]))
            return None, (patch, off)

        _, (patches, offsets) = jax.lax.scan(crop_one, None, (images, keys))
        return patches, offsets


def main():
    images = jnp.arange(5 * 10 * 10 * 3, dtype=jnp.float32).reshape(5, 10, 10, 3)
    _, offsets = RandomCrop().apply({}, images, rngs={"augment": jax.random.key(0)})
    return offsets
