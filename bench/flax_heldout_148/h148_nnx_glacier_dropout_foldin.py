# label: ok
# flax-error: none
# class: 5 make_mc_step(model, key) returns the scan step used by the MeltEnsemble wrapper's __call__; each step builds nnx.Rngs(dropout=fold_in(key, sample_index)) from the captured key
"""Glacier melt forecasting: Monte-Carlo dropout ensemble of daily melt predictions."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class MeltConfig:
    terrain_features: int = 6
    hidden: int = 24
    dropout: float = 0.25
    samples: int = 8


class MeltNet(nnx.Module):
    def __init__(self, cfg: MeltConfig, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.terrain_features, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, terrain, *, rngs: nnx.Rngs | None = None):
        h = self.drop(nnx.relu(self.inp(terrain)), rngs=rngs)
        return nnx.softplus(self.out(h))[..., 0]


def make_mc_step(model: MeltNet, key: jax.Array):
    def step(terrain, sample_index):
        melt = model(terrain, rngs=nnx.Rngs(dropout=jax.random.fold_in(key, sample_index)))
        return terrain, melt
    return step


class MeltEnsemble:
    def __init__(self, model: MeltNet, cfg: MeltConfig, seed: int):
        self.cfg = cfg
        self.step = make_mc_step(model, jax.random.key(seed))

    def __call__(self, terrain):
        _, samples = jax.lax.scan(self.step, terrain, jnp.arange(self.cfg.samples))
        return samples


def main():
    cfg = MeltConfig()
    terrain = jax.random.normal(jax.random.key(0), (4, cfg.terrain_features))
    ensemble = MeltEnsemble(MeltNet(cfg, rngs=nnx.Rngs(1)), cfg, seed=9)
    return ensemble(terrain)
