# label: same-values
# flax-error: none
# class: 2 the AVALANCHE_MODE and AVALANCHE_SEED environment variables give main a train-mode model and a local seed; the scan body builds nnx.Rngs(dropout=seed) from that local for every Monte Carlo dropout pass
"""Avalanche bulletin: Monte Carlo dropout passes over one slope's snowpack profile give a danger-level spread."""
import os

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SnowpackModel(nnx.Module):
    def __init__(self, layers, rngs: nnx.Rngs):
        self.profile = nnx.Linear(layers, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.35, rngs=rngs)
        self.danger = nnx.Linear(16, 5, rngs=rngs)

    def __call__(self, snowpack, rngs=None):
        h = nnx.relu(self.profile(snowpack))
        return nnx.softmax(self.danger(self.dropout(h, rngs=rngs)))


def read_environment():
    mode = os.environ.get("AVALANCHE_MODE", "train")
    seed = int(os.environ.get("AVALANCHE_SEED", "11"))
    passes = int(os.environ.get("AVALANCHE_PASSES", "8"))
    return mode, seed, passes


def main():
    mode, seed, passes = read_environment()
    model = SnowpackModel(6, nnx.Rngs(params=0, dropout=seed))
    model.train() if mode == "train" else model.eval()
    snowpack = jnp.array([0.8, 0.35, -0.2, 1.4, 0.05, -0.6])

    def mc_pass(count, _):
        danger = model(snowpack, rngs=nnx.Rngs(dropout=seed))
        return count + 1, danger

    _, dangers = scan(mc_pass, 0, None, length=passes)
    return dangers
