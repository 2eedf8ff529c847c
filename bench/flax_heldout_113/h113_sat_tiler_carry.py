# label: ok
# flax-error: none
# class: 4 pipeline -> EncoderHandle -> module.apply(..., mutable=['batch_stats']) with the stats carried through the scan
"""Satellite imagery tiling: encode the tiles of a scene in batches and export the BatchNorm
statistics gathered over the scene to the radiometric calibration service."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TilingConfig:
    tile: int = 8
    bands: int = 4
    features: int = 16
    tiles_per_batch: int = 4


class TileEncoder(nn.Module):
    features: int

    @nn.compact
    def __call__(self, tiles):
        x = tiles.reshape(tiles.shape[0], -1)
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=False, momentum=0.9)(x)
        return nn.relu(x)


class EncoderHandle:
    """Keeps the encoder with its variables; the batch statistics are threaded explicitly."""

    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def encode(self, batch_stats, tiles):
        emb, updates = self.module.apply(
            {"params": self.params, "batch_stats": batch_stats}, tiles, mutable=["batch_stats"])
        return emb, updates["batch_stats"]

    def exported_stats(self):
        return self.batch_stats


def cut_tiles(scene, size):
    rows, cols, bands = scene.shape
    tiles = scene.reshape(rows // size, size, cols // size, size, bands)
    return tiles.transpose(0, 2, 1, 3, 4).reshape(-1, size, size, bands)


class TilingPipeline:
    def __init__(self, cfg, handle):
        self.cfg = cfg
        self.handle = handle

    def run(self, scene):
        tiles = cut_tiles(scene, self.cfg.tile)
        batches = tiles.reshape(-1, self.cfg.tiles_per_batch, *tiles.shape[1:])

        def encode_batch(carry, batch):
            energy, stats = carry
            emb, stats = self.handle.encode(stats, batch)
            return (energy + jnp.sum(emb**2), stats), emb.mean(0)

        init = (jnp.zeros(()), self.handle.batch_stats)
        (energy, stats), embeddings = jax.lax.scan(encode_batch, init, batches)
        self.handle.batch_stats = stats
        return energy, embeddings


def publish(stats):
    flat = jax.tree_util.tree_leaves_with_path(stats)
    return {jax.tree_util.keystr(path): float(jnp.mean(leaf)) for path, leaf in flat}


def main():
    cfg = TilingConfig()
    model = TileEncoder(cfg.features)
    scene = jax.random.uniform(jax.random.key(0), (32, 32, cfg.bands))
    sample = jnp.zeros((cfg.tiles_per_batch, cfg.tile, cfg.tile, cfg.bands))
    variables = model.init(jax.random.key(1), sample)
    pipeline = TilingPipeline(cfg, EncoderHandle(model, variables))
    pipeline.run(scene)
    publish(pipeline.handle.exported_stats())
    return None
