# label: same-values
# flax-error: none
# class: 3 NoiseAugmenter draws self.key once from an nnx.Rngs stream in its constructor; the scan body passes that same key as rngs= to the model's nnx.Dropout every step
"""Augmentation stage of an input pipeline: an NNX model with Dropout used to corrupt views."""
import jax
import jax.numpy as jnp
from flax import nnx


class Corruptor(nnx.Module):
    def __init__(self, dim, rate, rngs):
        self.proj = nnx.Linear(dim, dim, kernel_init=nnx.initializers.ones, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.drop(self.proj(x), rngs=rngs)


class NoiseAugmenter:
    def __init__(self, model, rngs: nnx.Rngs):
        self.model = model
        self.model.train()
        self.key = rngs.augment()

    def masks(self, x, num_views):
        def body(carry, _):
            out = self.model(x, rngs=self.key)
            return carry, out != 0

        return jax.lax.scan(body, None, None, length=num_views)[1]


def main():
    model = Corruptor(6, 0.4, nnx.Rngs(0, dropout=1))
    aug = NoiseAugmenter(model, nnx.Rngs(augment=7))
    return aug.masks(jnp.ones((2, 6)), num_views=4)
