# label: same-values
# flax-error: none
# class: 5 make_augment_fn builds the rngs dict from the config seed once; the raw fori_loop body calls the returned function each epoch
"""Input-noise augmentation: a Linen GaussianNoise layer driven by an augmentation factory over epochs."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class GaussianNoise(nn.Module):
    stddev: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        if deterministic:
            return x, jnp.zeros_like(x)
        noise = self.stddev * jax.random.normal(self.make_rng("augment"), x.shape)
        return x + noise, noise


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    stddev: float = 0.1
    seed: int = 42
    epochs: int = 4


def make_augment_fn(cfg: AugmentConfig):
    layer = GaussianNoise(cfg.stddev)
    rngs = {"augment": jax.random.key(cfg.seed)}

    def augment(x):
        return layer.apply({}, x, deterministic=False, rngs=rngs)

    return augment


def noise_per_epoch(features, cfg: AugmentConfig):
    augment = make_augment_fn(cfg)

    def epoch(i, buf):
        _, noise = augment(features)
        return buf.at[i].set(noise)

    buf = jnp.zeros((cfg.epochs,) + features.shape)
    return fori_loop(0, cfg.epochs, epoch, buf)


def main():
    features = jnp.ones((2, 3))
    return noise_per_epoch(features, AugmentConfig())
