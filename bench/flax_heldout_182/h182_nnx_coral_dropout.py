# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 score_survey's local model (a ReefNet whose Dropout holds its own nnx.Rngs, left in train mode) is called directly in the scan body
"""Coral-reef bleaching survey: scores photo-quadrat tiles from a diver transect."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ReefNet(nnx.Module):
    def __init__(self, bands: int, rngs: nnx.Rngs):
        self.conv = nnx.Conv(bands, 8, kernel_size=(3, 3), rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, tile):
        h = nnx.relu(self.conv(tile[None]))
        h = self.drop(h.mean(axis=(1, 2)))
        return nnx.sigmoid(self.head(h))[0, 0]


def load_checkpoint(bands: int) -> ReefNet:
    return ReefNet(bands, nnx.Rngs(params=0, dropout=1))


def score_survey(tiles, bands: int = 3):
    model = load_checkpoint(bands)

    def score_tile(bleached, tile):
        p = model(tile)
        return bleached + (p > 0.5), p

    bleached, scores = scan(score_tile, jnp.zeros((), jnp.int32), tiles)
    return bleached, scores


def main():
    tiles = jax.random.uniform(jax.random.key(0), (10, 12, 12, 3))
    bleached, scores = score_survey(tiles)
    print("bleached tiles", int(bleached))
    return scores
