# label: same-values
# flax-error: none
# class: 1 one key is drawn from the module's nnx.Rngs before the scan and closed over by the body that crops each image
"""'Why does my random crop never change?' - an NNX augmentation module that crops a batch with jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class RandomCrop(nnx.Module):
    def __init__(self, size: int, rngs: nnx.Rngs):
        self.size = size
        self.rngs = rngs

    def __call__(self, images):
        pad = images.shape[1] - self.size
        key = self.rngs.crop()

        def crop_one(_, img):
            off = jax.random.randint(key, (2,), 0, pad + 1)
            patch = jax.lax.dynamic_slice(img, (off[0], off[1], 0), (self.size, self.size, img.shape[-1]))
            return None, (patch, off)

        _, (patches, offsets) = jax.lax.scan(crop_one, None, images)
        return patches, offsets


def main():
    augment = RandomCrop(6, nnx.Rngs(crop=0))
    images = jnp.arange(5 * 10 * 10 * 3, dtype=jnp.float32).reshape(5, 10, 10, 3)
    _, offsets = augment(images)
    return offsets
