# label: same-values
# flax-error: none
# class: 5 make_spawn_step returns functools.partial(_spawn_step, model, variables, key); the partial, the scan body, applies the model with rngs={"dropout": key}
"""Spawning-yield model for the hatchery, with dropout kept on for Monte-Carlo yield bands."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class SpawnSettings:
    broodstock_features: int = 5
    hidden: int = 12
    draws: int = 6
    dropout: float = 0.4


class YieldModel(nn.Module):
    hidden: int
    dropout: float

    @nn.compact
    def __call__(self, brood, *, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(brood))
        h = nn.Dropout(self.dropout)(h, deterministic=deterministic)
        return nn.Dense(3)(h)


def _spawn_step(model, variables, key, carry, brood):
    eggs = model.apply(variables, brood, deterministic=False, rngs={"dropout": key})
    return carry + 1, eggs


def make_spawn_step(model, variables, key):
    return functools.partial(_spawn_step, model, variables, key)


def build_model(settings: SpawnSettings, brood):
    model = YieldModel(settings.hidden, settings.dropout)
    variables = model.init(jax.random.key(0), brood, deterministic=True)
    return {"model": model, "variables": variables}


def yield_band(settings: SpawnSettings, brood, key):
    bundle = build_model(settings, brood)
    step = make_spawn_step(bundle["model"], bundle["variables"], key)
    repeated = jnp.broadcast_to(brood, (settings.draws,) + brood.shape)
    _, eggs = jax.lax.scan(step, 0, repeated)
    return eggs


def main():
    settings = SpawnSettings()
    brood = jnp.linspace(0.1, 0.9, settings.broodstock_features)
    return yield_band(settings, brood, jax.random.key(5))
