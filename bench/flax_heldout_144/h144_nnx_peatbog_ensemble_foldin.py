# label: ok
# flax-error: none
# class: 2 local model and a member key drawn once from its Rngs go straight into the scan body, the member index folded into the key at every step
"""Peat-bog water-table ensemble for a rewetting project.

Hydrologists want an ensemble of water-table depths under one rainfall scenario; members come
from dropout sampling of the model, one member per scan step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class WaterTable(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rain = nnx.Linear(6, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.depth = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, rainfall, member_key=None):
        h = self.drop(nnx.relu(self.rain(rainfall)), rngs=member_key)
        return -nnx.softplus(self.depth(h)).squeeze(-1)


def ensemble(model: WaterTable, rngs: nnx.Rngs, rainfall, members: int):
    member_key = rngs.members()

    def body(carry, member):
        depth = model(rainfall, jax.random.fold_in(member_key, member))
        return carry, depth

    _, depths = jax.lax.scan(body, None, jnp.arange(members))
    return depths


def main():
    rngs = nnx.Rngs(params=0, dropout=3, members=4)
    model = WaterTable(rngs)
    rainfall = jnp.array([[12.0, 3.0, 0.0, 7.5, 20.0, 1.0], [0.0, 0.0, 2.0, 4.0, 1.0, 9.0]]) / 10.0
    return ensemble(model, rngs, rainfall, members=6)
