# label: ok
# flax-error: none
# class: 5 the scan body calls a SoilBlock wrapped by nn.remat (built by a block factory) and hands its Dropout one key per sample, split before the loop and passed as scan xs
"""Crop-yield Monte Carlo: a rematerialised soil-response block sampled many times per field."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class CropConfig:
    dim: int = 8
    rate: float = 0.25
    n_samples: int = 6
    checkpoint_blocks: bool = True


class SoilBlock(nn.Module):
    dim: int
    rate: float

    @nn.compact
    def __call__(self, soil, weather, key):
        h = nn.gelu(nn.Dense(self.dim)(jnp.concatenate([soil, weather])))
        h = nn.Dropout(self.rate, deterministic=False)(h, rng=key)
        return soil + h


def make_block(cfg: CropConfig) -> nn.Module:
    cls = nn.remat(SoilBlock) if cfg.checkpoint_blocks else SoilBlock
    return cls(cfg.dim, cfg.rate)


class YieldSimulator(nn.Module):
    cfg: CropConfig

    def setup(self):
        self.block = make_block(self.cfg)
        self.readout = nn.Dense(1)

    def __call__(self, soil, weather):
        if self.is_initializing():
            return self.readout(self.block(soil, weather, self.make_rng("dropout")))

        keys = jax.random.split(self.make_rng("dropout"), self.cfg.n_samples)

        def sample(total, key):
            y = self.readout(self.block(soil, weather, key))[0]
            return total + y, y

        _, yields = lax.scan(sample, jnp.zeros(()), keys)
        return yields


class FieldReport:
    def __init__(self, cfg: CropConfig, seed: int = 0):
        self.model = YieldSimulator(cfg)
        self.cfg = cfg
        k_p, k_d = jax.random.split(jax.random.key(seed))
        soil, weather = jnp.zeros((cfg.dim,)), jnp.zeros((3,))
        self.variables = self.model.init({"params": k_p, "dropout": k_d}, soil, weather)

    def yield_samples(self, soil, weather, key):
        return self.model.apply(self.variables, soil, weather, rngs={"dropout": key})


def main():
    cfg = CropConfig()
    report = FieldReport(cfg)
    soil = jnp.linspace(0.0, 1.0, cfg.dim)
    weather = jnp.array([0.6, 0.2, 0.9])  # rainfall, frost days, growing degree days (scaled)
    return report.yield_samples(soil, weather, jax.random.key(11))
