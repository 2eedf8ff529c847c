# label: ok
# flax-error: none
# class: 4 an Augmenter built from an AugmentConfig builds nnx.Rngs from the config seed folded with the scan step and passes it to a Dropout-based cutout layer
"""Data augmentation pipeline: random feature cutout per step; returns the per-step keep masks."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    seed: int = 3
    drop_rate: float = 0.25
    steps: int = 6


class FeatureCutout(nnx.Module):
    def __init__(self, rate):
        self.drop = nnx.Dropout(rate)

    def __call__(self, x, *, rngs):
        return self.drop(x, deterministic=False, rngs=rngs)


class Augmenter:
    def __init__(self, config: AugmentConfig):
        self.config = config
        self.cutout = FeatureCutout(config.drop_rate)

    def masks(self, x):
        base = jax.random.key(self.config.seed)

        def body(carry, step):
            rngs = nnx.Rngs(dropout=jax.random.fold_in(base, step))
            return carry, self.cutout(x, rngs=rngs) != 0

        _, masks = jax.lax.scan(body, None, jnp.arange(self.config.steps))
        return masks


def main():
    return Augmenter(AugmentConfig()).masks(jnp.ones((2, 10)))
