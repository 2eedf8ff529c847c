# label: ok
# flax-error: none
# class: 5 make_augment_step(...) returns a step function closing over the augmentation module's apply and a base 'augment' rng, which the scan body folds the step index into before each apply
"""Crop-yield estimation from multispectral field tiles. Before each training step the tile goes
through augmentation stages (band gain, sensor noise); the pipeline is a Linen module so the
stages can be configured and serialised with the model."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BandGain(nn.Module):
    spread: float

    @nn.compact
    def __call__(self, tile):
        gain = 1.0 + self.spread * jax.random.normal(self.make_rng("augment"), (tile.shape[-1],))
        return tile * gain


class SensorNoise(nn.Module):
    sigma: float

    @nn.compact
    def __call__(self, tile):
        return tile + self.sigma * jax.random.normal(self.make_rng("augment"), tile.shape)


class AugmentPipeline(nn.Module):
    gain_spread: float = 0.1
    noise_sigma: float = 0.05

    @nn.compact
    def __call__(self, tile):
        for stage in (BandGain(self.gain_spread), SensorNoise(self.noise_sigma)):
            tile = stage(tile)
        return tile


@dataclass(frozen=True)
class AugmentConfig:
    gain_spread: float = 0.1
    noise_sigma: float = 0.05
    seed: int = 7


def make_augment_step(config: AugmentConfig):
    pipeline = AugmentPipeline(config.gain_spread, config.noise_sigma)
    rng = jax.random.key(config.seed)

    def augment_step(regressor_params, inputs):
        step, tile = inputs
        view = pipeline.apply({}, tile, rngs={"augment": jax.random.fold_in(rng, step)})
        pred = jnp.mean(view @ regressor_params)
        grad = jnp.mean(view, axis=(0, 1)) * (pred - 1.0)
        return regressor_params - 0.01 * grad[:, None], view - tile

    return augment_step


def main():
    tile = jax.random.uniform(jax.random.key(0), (8, 8, 5))
    tiles = jnp.broadcast_to(tile, (4,) + tile.shape)  # four passes over the same field tile
    step = make_augment_step(AugmentConfig())
    regressor = jnp.full((5, 1), 0.2)
    _, perturbations = lax.scan(step, regressor, (jnp.arange(4), tiles))
    return perturbations
