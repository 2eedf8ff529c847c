# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 TileLoader -> AugmentPipeline.stages, an nnx.List of stages each drawing from its own nnx.Rngs stream, called inside the loader's while_loop
"""Satellite imagery: a tile loader produces augmented training tiles for a land-cover model.
The augmentation pipeline is an NNX module holding an nnx.List of stages (radiometric jitter,
sensor noise, cloud-mask dropout), each with its own nnx.Rngs stream."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Stage(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rngs = rngs

    def __call__(self, tile, key=None):
        return self.transform(tile, self.rngs.aug() if key is None else key)


class RadiometricJitter(Stage):
    def transform(self, tile, key):
        return tile * (1.0 + 0.1 * jax.random.normal(key, (tile.shape[-1],)))


class SensorNoise(Stage):
    def transform(self, tile, key):
        return tile + 0.02 * jax.random.normal(key, tile.shape)


class CloudDropout(Stage):
    def transform(self, tile, key):
        return jnp.where(jax.random.bernoulli(key, 0.9, tile.shape[:2])[..., None], tile, 0.0)


class AugmentPipeline(nnx.Module):
    def __init__(self, seed: int):
        self.stages = nnx.List([
            RadiometricJitter(nnx.Rngs(aug=seed)),
            SensorNoise(nnx.Rngs(aug=seed + 1)),
            CloudDropout(nnx.Rngs(aug=seed + 2)),
        ])

    def __call__(self, tile):
        for stage in self.stages:
            tile = stage(tile)
        return tile


class TileLoader:
    def __init__(self, pipeline: AugmentPipeline, base_tile):
        self.pipeline = pipeline
        self.base_tile = base_tile

    def batch(self, n_tiles: int):
        def more(c):
            return c[0] < n_tiles

        def produce(c):
            i, out = c
            return i + 1, out.at[i].set(self.pipeline(self.base_tile))

        out = jnp.zeros((n_tiles,) + self.base_tile.shape)
        _, out = lax.while_loop(more, produce, (0, out))
        return out


def main():
    base = jax.random.uniform(jax.random.key(0), (8, 8, 4))
    loader = TileLoader(AugmentPipeline(seed=10), base)
    return loader.batch(6)
