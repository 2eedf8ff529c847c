# label: same-values
# flax-error: none
# class: 1 a new nnx.Rngs with a fixed seed built inside the raw scan body every step
"""Data augmentation noise: to avoid the trace error the user builds nnx.Rngs(0) inside the body."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class NoisyAugment(nnx.Module):
    def __init__(self, sigma: float):
        self.sigma = sigma

    def __call__(self, x, rngs: nnx.Rngs):
        return self.sigma * jax.random.normal(rngs.augment(), x.shape)


def main():
    augment = NoisyAugment(0.1)
    images = jnp.zeros((5, 4))

    def body(carry, img):
        rngs = nnx.Rngs(augment=0)
        return carry, augment(img, rngs)

    _, noise = scan(body, None, images)
    return noise
