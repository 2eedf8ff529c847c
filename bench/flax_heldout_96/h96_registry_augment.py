# label: same-values
# flax-error: none
# class: 3 AUGMENTERS registry -> AugmentPipeline submodule; the lax.while_loop inside the pipeline method calls the augmenter, which calls self.make_rng('augment')
"""Augmentation registry for a sensor-data pipeline.

Augmenters are Linen modules registered by name; the pipeline applies its configured
augmenter repeatedly in a while_loop to build a bank of jittered views of one sample."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

AUGMENTERS = {}


def register(name):
    def deco(cls):
        AUGMENTERS[name] = cls
        return cls
    return deco


@register("gaussian_jitter")
class GaussianJitter(nn.Module):
    sigma: float = 0.1

    def __call__(self, x):
        return self.sigma * jax.random.normal(self.make_rng("augment"), x.shape)


class AugmentPipeline(nn.Module):
    augmenter: str = "gaussian_jitter"
    views: int = 6

    def setup(self):
        self.aug = AUGMENTERS[self.augmenter]()

    def __call__(self, x):
        def cond(state):
            i, _ = state
            return i < self.views

        def body(state):
            i, bank = state
            return i + 1, bank.at[i].set(self.aug(x))

        _, bank = lax.while_loop(cond, body, (0, jnp.zeros((self.views,) + x.shape)))
        return bank


def main():
    pipeline = AugmentPipeline()
    x = jnp.linspace(0.0, 1.0, 16).reshape(4, 4)
    return pipeline.apply({}, x, rngs={"augment": jax.random.key(3)})
