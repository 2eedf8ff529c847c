# label: same-values
# flax-error: none
# class: 4 the fori_loop body in BandDropoutEnsemble.__call__ calls self.head.band_drop, a Dropout owned by the child projection head, for each ensemble member
"""Spectral-band dropout ensemble: each member sees the tile with a random subset of bands removed."""

import jax
import jax.numpy as jnp
from flax import linen as ln
from jax import lax


class ProjectionHead(ln.Module):
    classes: int = 3
    rate: float = 0.5

    def setup(self):
        self.band_drop = ln.Dropout(self.rate, broadcast_dims=(0, 1), deterministic=False)
        self.proj = ln.Dense(self.classes)

    def __call__(self, features):
        return self.proj(features)


class BandDropoutEnsemble(ln.Module):
    members: int = 4

    def setup(self):
        self.head = ProjectionHead()

    def __call__(self, tile):
        bands = tile.shape[-1]

        def member(i, band_means):
            dropped = self.head.band_drop(tile)
            return band_means.at[i].set(dropped.mean(axis=(0, 1)))

        band_means = lax.fori_loop(0, self.members, member, jnp.zeros((self.members, bands)))
        return {"band_means": band_means, "logits": self.head(band_means)}


def main():
    tile = jnp.ones((5, 5, 6))
    ensemble = BandDropoutEnsemble()
    variables = ensemble.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, tile)
    return ensemble.apply(variables, tile, rngs={"dropout": jax.random.key(2)})
