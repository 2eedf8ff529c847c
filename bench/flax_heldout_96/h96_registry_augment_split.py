# label: ok
# flax-error: none
# class: 3 AUGMENTERS registry -> augmenter module; the lax.while_loop body calls augmenter.apply with rngs={'augment': keys[i]} from keys split before the loop
"""Augmentation registry for a sensor-data pipeline.

Augmenters are Linen modules registered by name; the pipeline splits one key per view and
applies the augmenter in a while_loop to build a bank of jittered views of one sample."""
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


class AugmentPipeline:
    def __init__(self, augmenter: str = "gaussian_jitter", views: int = 6):
        self.aug = AUGMENTERS[augmenter]()
        self.views = views

    def __call__(self, x, key):
        keys = jax.random.split(key, self.views)

        def cond(state):
            i, _ = state
            return i < self.views

        def body(state):
            i, bank = state
            return i + 1, bank.at[i].set(self.aug.apply({}, x, rngs={"augment": keys[i]}))

        _, bank = lax.while_loop(cond, body, (0, jnp.zeros((self.views,) + x.shape)))
        return bank


def main():
    pipeline = AugmentPipeline()
    x = jnp.linspace(0.0, 1.0, 16).reshape(4, 4)
    return pipeline(x, jax.random.key(3))
