# label: ok
# flax-error: none
# class: 4 TileService -> EmbeddingCache.put receives the latest embedding of service.encoder from the fori_loop carry after the loop
"""Satellite imagery service: embed map tiles for change detection, keeping the latest embedding in a cache."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class TileEncoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(3, 8, kernel_size=(3, 3), rngs=rngs)
        self.proj = nnx.Linear(8, 16, rngs=rngs)

    def __call__(self, tile):
        h = nnx.relu(self.conv(tile[None]))[0]
        return self.proj(h.mean((0, 1)))


class EmbeddingCache:
    def __init__(self):
        self._store = {}

    def put(self, region, embedding):
        self._store[region] = embedding

    def get(self, region):
        return self._store[region]


class TileService:
    def __init__(self, encoder: TileEncoder, cache: EmbeddingCache):
        self.encoder = encoder
        self.cache = cache

    def ingest(self, region, tiles):
        def body(i, carry):
            brightness, _ = carry
            emb = self.encoder(tiles[i])
            return brightness + tiles[i].mean(), emb

        brightness, latest = fori_loop(0, tiles.shape[0], body, (jnp.float32(0.0), jnp.zeros((16,))))
        self.cache.put(region, latest)
        return brightness

    def change_score(self, region, new_tile):
        old = self.cache.get(region)
        new = self.encoder(new_tile)
        return 1.0 - jnp.dot(old, new) / (jnp.linalg.norm(old) * jnp.linalg.norm(new) + 1e-6)


def main():
    tiles = jax.random.uniform(jax.random.key(0), (4, 16, 16, 3))  # a pass over one region
    service = TileService(TileEncoder(nnx.Rngs(0)), EmbeddingCache())
    service.ingest("delta-north", tiles)
    jax.block_until_ready(service.change_score("delta-north", tiles[-1] * 0.9))
    return None
