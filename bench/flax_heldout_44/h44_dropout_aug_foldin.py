# label: ok
# flax-error: none
# class: 4 an Augmenter built from a config dataclass holds the apply fn and a base dropout key; the scan body folds the step index into it every step
"""Data augmentation module (random feature dropout) applied to a stream of batches."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class AugConfig:
    drop_rate: float = 0.5
    seed: int = 42


class FeatureDrop(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        return nn.Dropout(self.rate)(jnp.ones_like(x), deterministic=deterministic)


class Augmenter:
    def __init__(self, config: AugConfig):
        self.module = FeatureDrop(config.drop_rate)
        self.variables = self.module.init(jax.random.key(0), jnp.ones((1, 8)), deterministic=True)
        self.base_key = jax.random.key(config.seed)

    def __call__(self, x, step):
        rngs = {"dropout": jax.random.fold_in(self.base_key, step)}
        return self.module.apply(self.variables, x, rngs=rngs)


def augment_stream(augmenter, batches):
    def body(step, x):
        mask = augmenter(x, step)
        return step + 1, mask

    _, masks = lax.scan(body, 0, batches)
    return masks


def main():
    aug = Augmenter(AugConfig())
    return augment_stream(aug, jnp.ones((5, 2, 8)))
