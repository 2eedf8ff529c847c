# label: same-values
# flax-error: none
# class: 2 harvest_window() makes the local dropout_key and the fori_loop body passes it as rngs= to model(...) for every Monte Carlo draw
"""Vineyard harvest planning: Monte Carlo dropout draws of grape sugar (Brix)
per block, used to pick the harvest window with an uncertainty band."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BrixModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.canopy = nnx.Linear(features, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, block_features, rngs=None):
        h = self.drop(nnx.relu(self.canopy(block_features)), rngs=rngs)
        return 20.0 + self.out(h)[..., 0]


def harvest_window(model, block_features, seed=0, draws=6):
    dropout_key = jax.random.key(seed)
    samples = jnp.zeros((draws, block_features.shape[0]))

    def body(i, samples):
        return samples.at[i].set(model(block_features, rngs=dropout_key))

    samples = lax.fori_loop(0, draws, body, samples)
    return samples, samples.mean(0) - 2 * samples.std(0)


def main():
    model = BrixModel(6, rngs=nnx.Rngs(params=0, dropout=1))
    blocks = jax.random.normal(jax.random.key(5), (4, 6))
    samples, _ = harvest_window(model, blocks, seed=21)
    return samples
