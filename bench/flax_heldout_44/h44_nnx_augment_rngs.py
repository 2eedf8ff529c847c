# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an AugmentPipeline registered by name keeps an nnx.Rngs 'augment' stream; the scan body over batches calls the pipeline, which draws self.rngs.augment()
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

    def __call__(self, x):
        noise = self.scale * jax.random.normal(self.rngs.augment(), x.shape)
        return x + noise, noise


class DataLoader:
    def __init__(self, config):
        self.augment = AUGMENTATIONS[config["augment"]](config["scale"], nnx.Rngs(augment=config["seed"]))

    def augmented_epoch(self, batches):
        def body(carry, x):
            _, noise = self.augment(x)
            return carry, noise

        _, noises = jax.lax.scan(body, None, batches)
        return noises


def main():
    loader = DataLoader({"augment": "gaussian_jitter", "scale": 0.1, "seed": 3})
    return loader.augmented_epoch(jnp.zeros((5, 2, 4)))
