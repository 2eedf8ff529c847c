# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TileEncoder.__call__ owns the BatchNorm and runs jax.lax.scan over the tiles itself
"""Satellite scene embedding by tiling.

A scene is cut into fixed-size tiles; the encoder embeds each tile with a small conv
stack and averages the tile embeddings. Training applies the encoder with
`mutable=['batch_stats']` so BatchNorm statistics are refreshed.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


def cut_tiles(scene, tile):
    h, w, c = scene.shape
    rows, cols = h // tile, w // tile
    tiles = scene[: rows * tile, : cols * tile].reshape(rows, tile, cols, tile, c)
    return tiles.transpose(0, 2, 1, 3, 4).reshape(rows * cols, tile, tile, c)


class TileEncoder(nn.Module):
    tile: int = 8
    features: int = 8
    embed_dim: int = 4

    def setup(self):
        self.conv = nn.Conv(self.features, (3, 3))
        self.norm = nn.BatchNorm(momentum=0.9)
        self.head = nn.Dense(self.embed_dim)

    def embed(self, tile, train):
        h = self.conv(tile[None])
        h = nn.relu(self.norm(h, use_running_average=not train))
        return self.head(h.mean(axis=(1, 2)))[0]

    def __call__(self, scene, train: bool = True):
        tiles = cut_tiles(scene, self.tile)

        def step(acc, tile):
            return acc + self.embed(tile, train), None

        total, _ = jax.lax.scan(step, jnp.zeros((self.embed_dim,)), tiles)
        return total / tiles.shape[0]


def main():
    encoder = TileEncoder()
    scenes = jax.random.uniform(jax.random.PRNGKey(3), (2, 32, 24, 3))
    first_tile = cut_tiles(scenes[0], encoder.tile)[0]
    variables = encoder.init(jax.random.PRNGKey(0), first_tile, False, method=TileEncoder.embed)
    embeddings = []
    for scene in scenes:
        embedding, updates = encoder.apply(variables, scene, train=True, mutable=["batch_stats"])
        variables = {**variables, **updates}
        embeddings.append(embedding)
    jax.block_until_ready(embeddings)
    return None
