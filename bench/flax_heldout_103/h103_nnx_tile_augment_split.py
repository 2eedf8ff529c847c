# label: ok
# flax-error: none
# class: 4 TileLoader -> AugmentPipeline.stages, an nnx.List of stages; the loader draws one key from the pipeline's streams before the while_loop and splits it in the carry
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

    def __call__(self, tile, key=None):
        keys = [None] * len(self.stages) if key is None else list(jax.random.split(key, len(self.stages)))
        for stage, k in zip(self.stages, keys):
            tile = stage(tile, k)
        return tile

    def draw_key(self):
        return self.stages[0].rngs.aug()


class TileLoader:
    def __init__(self, pipeline: AugmentPipeline, base_tile):
        self.pipeline = pipeline
        self.base_tile = base_tile

    def batch(self, n_tiles: int):
        def more(c):
            return c[0] < n_tiles

        def produce(c):
            i, key, out = c
            key, sub = jax.random.split(key)
            return i + 1, key, out.at[i].set(self.pipeline(self.base_tile, sub))

        out = jnp.zeros((n_tiles,) + self.base_tile.shape)
        _, _, out = lax.while_loop(more, produce, (0, self.pipeline.draw_key(), out))
        return out


def main():
    base = jax.random.uniform(jax.random.key(0), (8, 8, 4))
    loader = TileLoader(AugmentPipeline(seed=10), base)
    return loader.batch(6)
