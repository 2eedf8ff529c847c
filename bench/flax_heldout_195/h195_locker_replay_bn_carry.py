# label: ok
# flax-error: none
# class: 4 ReplayHarness -> LockerScorer adapter -> model.apply with batch_stats threaded through the scan carry
"""Replays a day of logged parcel-locker reservation requests through the occupancy model so that
its normalisation statistics follow the traffic before the next rollout."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class OccupancyNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)[..., 0]


@dataclasses.dataclass(frozen=True)
class ReplayConfig:
    features: int = 6
    batch: int = 8
    n_batches: int = 12


class LockerScorer:
    """Adapter the serving stack uses; keeps the parameters and the current statistics."""

    def __init__(self, model: nn.Module, variables):
        self._model = model
        self._params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def score(self, batch_stats, requests):
        occupancy, updates = self._model.apply(
            {"params": self._params, "batch_stats": batch_stats}, requests, train=True,
            mutable=["batch_stats"])
        return occupancy, updates["batch_stats"]

    def exported_stats(self):
        return self.batch_stats


class ReplayHarness:
    def __init__(self, scorer: LockerScorer, config: ReplayConfig):
        self.scorer = scorer
        self.config = config

    def replay(self, logged):
        def step(carry, requests):
            total, batch_stats = carry
            occupancy, batch_stats = self.scorer.score(batch_stats, requests)
            return (total + occupancy.mean(), batch_stats), occupancy.max()

        (total, stats), peaks = lax.scan(step, (jnp.zeros(()), self.scorer.batch_stats), logged)
        self.scorer.batch_stats = stats
        return total / self.config.n_batches, peaks

    def publish(self):
        stats = self.scorer.exported_stats()
        return jax.tree.map(lambda s: jnp.round(s, 4), stats)


def main():
    config = ReplayConfig()
    model = OccupancyNet()
    logged = jax.random.normal(jax.random.key(0), (config.n_batches, config.batch, config.features))
    variables = model.init(jax.random.key(1), logged[0], train=False)
    harness = ReplayHarness(LockerScorer(model, variables), config)
    harness.replay(logged)
    harness.publish()
    return None
