# label: ok
# flax-error: none
# class: 3 desk.scorer is applied in the while_loop body in evaluation mode, reading its running statistics
"""Damage triage for the returns desk of a lending library: batches are scored until the bin is empty."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class DamageScorer(nn.Module):
    width: int = 10

    @nn.compact
    def __call__(self, items, use_running_average: bool):
        h = nn.Dense(self.width)(items)
        h = nn.BatchNorm(use_running_average=use_running_average, momentum=0.95)(h)
        return nn.sigmoid(nn.Dense(1)(nn.tanh(h)))[:, 0]


@dataclass
class DeskSettings:
    batch: int = 4
    features: int = 6
    repair_threshold: float = 0.6
    freeze_statistics: bool = False


class ReturnsDesk:
    def __init__(self, settings: DeskSettings):
        self.settings = settings
        self.scorer = DamageScorer()
        sample = jnp.zeros((settings.batch, settings.features))
        self.scorer_vars = self.scorer.init(jax.random.key(21), sample, use_running_average=False)

    def _score(self, items):
        return self.scorer.apply(
            self.scorer_vars, items, use_running_average=self.settings.freeze_statistics
        )

    def triage(self, returned_items):
        n_batches = returned_items.shape[0] // self.settings.batch
        batches = returned_items.reshape(n_batches, self.settings.batch, -1)

        def pending(state):
            i, _ = state
            return i < n_batches

        def process(state):
            i, to_repair = state
            scores = self._score(batches[i])
            return i + 1, to_repair + jnp.sum(scores > self.settings.repair_threshold)

        _, to_repair = jax.lax.while_loop(pending, process, (0, jnp.int32(0)))
        return to_repair


def main():
    desk = ReturnsDesk(DeskSettings(freeze_statistics=True))
    items = jax.random.normal(jax.random.key(4), (12, 6))
    to_repair = desk.triage(items)
    jax.block_until_ready(to_repair)
    return None
