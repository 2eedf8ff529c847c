# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ReplayHarness -> LockerScorer adapter -> model.bind(variables, mutable=["batch_stats"]) called in the scan body
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
    """Adapter the serving stack uses; keeps the model bound to its variables."""

    def __init__(self, model: nn.Module, variables):
        self._bound = model.bind(variables, mutable=["batch_stats"])

    def score(self, requests):
        return self._bound(requests, train=True)

    def exported_stats(self):
        return self._bound.variables["batch_stats"]


class ReplayHarness:
    def __init__(self, scorer: LockerScorer, config: ReplayConfig):
        self.scorer = scorer
        self.config = config

    def replay(self, logged):
        def step(total, requests):
            occupancy = self.scorer.score(requests)
            return total + occupancy.mean(), occupancy.max()

        total, peaks = lax.scan(step, jnp.zeros(()), logged)
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
