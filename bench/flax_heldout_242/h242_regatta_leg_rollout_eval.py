# label: ok
# flax-error: none
# class: 1 LegPredictor.race, a method of the module that owns the batch_stats, runs jax.lax.scan over the legs and calls self in the body
"""Leg-time predictor used by the race desk to review finished heats."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class RegattaConfig:
    legs: int = 4
    boats: int = 6
    features: int = 5
    hidden: int = 8
    seed: int = 242


class LegPredictor(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, conditions, train: bool = False):
        h = nn.Dense(self.hidden, name="encode")(conditions)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8, name="norm")(h)
        return conditions + 0.1 * nn.Dense(conditions.shape[-1], name="decode")(nn.gelu(h))

    def race(self, start, legs, train: bool = False):
        def leg(position, wind):
            position = self(position + wind, train=train)
            return position, jnp.mean(position, axis=-1)

        return jax.lax.scan(leg, start, legs)


class RegattaReview:
    """Replays heats with frozen statistics for the protest committee."""

    def __init__(self, config: RegattaConfig):
        self.config = config
        self.model = LegPredictor(hidden=config.hidden)
        self.variables = None
        self.heats_reviewed = 0

    def load(self, key, start):
        self.variables = self.model.init(key, start)

    def replay_heat(self, start, legs):
        finish, splits = self.model.apply(self.variables, start, legs, method=LegPredictor.race)
        self.heats_reviewed += 1
        return finish, splits


def _conditions(config: RegattaConfig):
    k_init, k_start, k_wind = jax.random.split(jax.random.key(config.seed), 3)
    start = jax.random.normal(k_start, (config.boats, config.features))
    legs = 0.1 * jax.random.normal(k_wind, (config.legs, config.boats, config.features))
    return k_init, start, legs


def main():
    config = RegattaConfig()
    k_init, start, legs = _conditions(config)
    review = RegattaReview(config)
    review.load(k_init, start)
    first_finish, first_splits = review.replay_heat(start, legs)
    second_finish, second_splits = review.replay_heat(first_finish, legs)
    jax.block_until_ready((first_splits, second_finish, second_splits))
    return None
