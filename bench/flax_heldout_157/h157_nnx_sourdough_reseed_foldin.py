# label: ok
# flax-error: none
# class: 2 graphdef, state and seed are locals of sample_activity; the scan body merges the carried state and calls seed_everything(model, fold_in(seed key, index)), so each sample gets its own dropout stream
"""Starter-culture activity estimates with Monte-Carlo dropout, for a sourdough bakery."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class StarterConfig:
    readings: int = 5  # pH, temperature, rise height, CO2, hydration
    hidden: int = 16
    dropout: float = 0.25
    samples: int = 8
    seed: int = 2024


class ActivityEstimator(nnx.Module):
    def __init__(self, config: StarterConfig, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(config.readings, config.hidden, rngs=rngs)
        self.drop = nnx.Dropout(config.dropout, rngs=rngs)
        self.head = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, profile):
        return nnx.sigmoid(self.head(self.drop(nnx.gelu(self.encode(profile)))))[..., 0]


def seed_everything(model: nnx.Module, seed) -> None:
    """Reproducible sampling: every draw is seeded from the run's configuration."""
    nnx.reseed(model, dropout=seed)


def sample_activity(model: ActivityEstimator, profile, config: StarterConfig):
    model.train()
    graphdef, state = nnx.split(model)
    seed = jax.random.key(config.seed)

    def draw(state, index):
        sampler = nnx.merge(graphdef, state)
        seed_everything(sampler, jax.random.fold_in(seed, index))
        activity = sampler(profile)
        return nnx.state(sampler), activity

    state, draws = lax.scan(draw, state, jnp.arange(config.samples))
    nnx.update(model, state)
    return draws


def main():
    config = StarterConfig()
    model = ActivityEstimator(config, rngs=nnx.Rngs(params=0, dropout=1))
    profile = jnp.array([[3.9, 26.0, 1.8, 0.4, 0.75], [4.2, 24.0, 1.4, 0.3, 0.8]]) / 10.0
    return sample_activity(model, profile, config)
