# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 TilePipeline.model (cloud detector with BatchNorm, left in training mode) is called in the lax.fori_loop body
"""Cloud-cover estimation over a satellite scene, tile by tile.

The detector classifies each tile as cloudy or clear; the pipeline walks the tile
grid and reports the cloudy fraction of the scene.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

TILE = 8


class CloudDetector(nnx.Module):
    def __init__(self, bands, rngs: nnx.Rngs):
        self.conv = nnx.Conv(bands, 8, kernel_size=(3, 3), rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, tiles):
        h = nnx.relu(self.norm(self.conv(tiles)))
        return jax.nn.sigmoid(self.head(h.mean(axis=(1, 2))))[:, 0]


class TilePipeline:
    def __init__(self, model, threshold=0.5):
        self.model = model
        self.threshold = threshold

    def cloud_fraction(self, scene):
        rows, cols = scene.shape[0] // TILE, scene.shape[1] // TILE

        def visit(k, cloudy):
            r, c = k // cols, k % cols
            tile = lax.dynamic_slice(scene, (r * TILE, c * TILE, 0), (TILE, TILE, scene.shape[2]))
            p = self.model(tile[None])[0]
            return cloudy + (p > self.threshold)

        cloudy = lax.fori_loop(0, rows * cols, visit, jnp.zeros((), jnp.int32))
        return cloudy / (rows * cols)


def main():
    model = CloudDetector(4, rngs=nnx.Rngs(0))
    scene = jax.random.uniform(jax.random.PRNGKey(1), (32, 40, 4))
    fraction = TilePipeline(model).cloud_fraction(scene)
    jax.block_until_ready(fraction)
    return None
