# label: same-values
# flax-error: none
# class: 2 augmentation object draws one key from an nnx.Rngs stream at construction and passes it as rngs= to its nnx.Dropout every scan step
"""Per-step feature-dropout augmentation with nnx.Dropout; an augmentation object is applied
to every batch of a raw lax.scan and the masks are returned."""
import jax
import jax.numpy as jnp
from flax import nnx


class FeatureDropAugment:
    def __init__(self, rate, rngs: nnx.Rngs):
        self.drop = nnx.Dropout(rate)
        self.key = rngs.augment()

    def __call__(self, batch):
        return self.drop(jnp.ones_like(batch), rngs=self.key)


class Loader:
    def __init__(self, augment):
        self.augment = augment

    def masks_for_epoch(self, batches):
        def step(carry, batch):
            return carry, self.augment(batch)

        _, masks = jax.lax.scan(step, None, batches)
        return masks


def main():
    augment = FeatureDropAugment(0.4, nnx.Rngs(augment=7))
    return Loader(augment).masks_for_epoch(jnp.ones((5, 2, 8)))
