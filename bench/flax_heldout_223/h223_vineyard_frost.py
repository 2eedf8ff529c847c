# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns the scan step, which initialises the model lazily on first call and keeps the variables in the factory's cache
"""Vineyard frost protection: overnight wind-machine duty from a frost-risk model."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn


class FrostRisk(nn.Module):
    @nn.compact
    def __call__(self, weather):
        h = nn.relu(nn.Dense(12)(weather))
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


def make_frost_step(model: nn.Module, key, cooling: float = 0.4):
    """Returns step(canopy_temp, weather) for lax.scan; variables are created on first use."""
    cache: dict = {}

    def step(canopy_temp, weather):
        if "variables" not in cache:
            cache["variables"] = model.init(key, weather)
        risk = model.apply(cache["variables"], weather)
        fans_on = risk > 0.5
        canopy_temp = canopy_temp - cooling + jnp.where(fans_on, 0.6, 0.0)
        return canopy_temp, fans_on

    step.cache = cache
    return step


class FrostGuard:
    def __init__(self, blocks: int = 5, seed: int = 0):
        self.blocks = blocks
        self.step = make_frost_step(FrostRisk(), jax.random.key(seed))

    def run_night(self, weather):
        start = jnp.full((self.blocks,), 2.0)
        return jax.lax.scan(self.step, start, weather)

    def checkpoint_summary(self):
        leaves = jax.tree.leaves(self.step.cache["variables"])
        return sum(jnp.sum(leaf**2) for leaf in leaves)


def main():
    guard = FrostGuard()
    weather = jax.random.normal(jax.random.key(4), (8, 5, 4))
    final_temp, fans = guard.run_night(weather)
    summary = guard.checkpoint_summary()
    jax.block_until_ready((final_temp, summary))
    return None
