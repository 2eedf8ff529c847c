# label: same-values
# flax-error: none
# class: 4 self.make_rng("augment") called inside the body of a raw jax.lax.scan in the module's __call__
"""'Why does my random crop never change?' - a Linen augmentation layer that crops each image in a scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RandomCrop(nn.Module):
    size: int = 6

    @nn.compact
    def __call__(self, images):
        pad = images.shape[1] - self.size

        def crop_one(_, img):
            rng = self.make_rng("augment")
            off = jax.random.randint(rng, (2,), 0, pad + 1)
            patch = jax.lax.dynamic_slice(img, (off[0], off[1], 0), (self.size, self.size, img.shape[-1]))
            return None, (patch, off)

        _, (patches, offsets) = jax.lax.scan(crop_one, None, images)
        return patches, offsets


def main():
    images = jnp.arange(5 * 10 * 10 * 3, dtype=jnp.float32).reshape(5, 10, 10, 3)
    _, offsets = RandomCrop().apply({}, images, rngs={"augment": jax.random.key(0)})
    return offsets
