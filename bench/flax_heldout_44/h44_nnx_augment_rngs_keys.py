# label: ok
# flax-error: none
# class: 4 an AugmentPipeline registered by name keeps an nnx.Rngs 'augment' stream; the loader draws one key outside the scan, splits it per batch and feeds the keys as xs
"""Random-jitter data augmentation module from a plugin registry, applied over a stream of batches."""
import jax
import jax.numpy as jnp
from flax import nnx

AUGMENTATIONS = {}


def register_augmentation(name):
    def deco(cls):
        AUGMENTATIONS[name] = cls
        return cls
    return deco


@register_augmentation("gaussian_jitter")
class GaussianJitter(nnx.Module):
    def __init__(self, scale: float, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def __call__(self, x, key=None):
        key = self.rngs.augment() if key is None else key
        noise = self.scale * jax.random.normal(key, x.shape)
        return x + noise, noise


class DataLoader:
    def __init__(self, config):
        self.augment = AUGMENTATIONS[config["augment"]](config["scale"], nnx.Rngs(augment=config["seed"]))

    def augmented_epoch(self, batches):
        keys = jax.random.split(self.augment.rngs.augment(), batches.shape[0])

        def body(carry, inputs):
            x, key = inputs
            _, noise = self.augment(x, key)
            return carry, noise

        _, noises = jax.lax.scan(body, None, (batches, keys))
        return noises


def main():
    loader = DataLoader({"augment": "gaussian_jitter", "scale": 0.1, "seed": 3})
    return loader.augmented_epoch(jnp.zeros((5, 2, 4)))
