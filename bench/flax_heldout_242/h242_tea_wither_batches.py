# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body reaches the model and its variables through pipeline.line.withering (a FactoryLine holding a WitherStage)
"""Withering-trough pipeline: a TroughFeed iterator yields leaf batches that are scanned through the model."""
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class TroughFeed:
    """Iterates over the withering troughs, one batch of leaf readings per trough."""

    def __init__(self, key, troughs: int, leaves: int, sensors: int):
        self.key = key
        self.troughs = troughs
        self.shape = (leaves, sensors)
        self._turn = 0

    def __iter__(self):
        self._turn = 0
        return self

    def __next__(self):
        if self._turn >= self.troughs:
            raise StopIteration
        batch = jax.random.uniform(jax.random.fold_in(self.key, self._turn), self.shape)
        self._turn += 1
        return batch


class WitherNet(nn.Module):
    @nn.compact
    def __call__(self, leaves, train: bool = False):
        h = nn.Dense(6)(leaves)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


@dataclass
class WitherStage:
    model: WitherNet
    variables: dict
    train: bool = True


@dataclass
class FactoryLine:
    withering: WitherStage
    notes: list = field(default_factory=list)


class WitherPipeline:
    def __init__(self, line: FactoryLine):
        self.line = line

    def run(self, feed: TroughFeed):
        batches = jnp.stack(list(feed))

        def turn(total, batch):
            stage = self.line.withering
            moisture = stage.model.apply(stage.variables, batch, train=stage.train)
            return total + moisture.mean(), moisture

        total, per_trough = scan(turn, jnp.zeros(()), batches)
        self.line.notes.append("withered")
        return total, per_trough


def build_line(key, sensors: int) -> FactoryLine:
    model = WitherNet()
    variables = model.init(key, jnp.zeros((2, sensors)))
    return FactoryLine(withering=WitherStage(model=model, variables=variables))


def main():
    k_model, k_feed = jax.random.split(jax.random.key(11))
    pipeline = WitherPipeline(build_line(k_model, sensors=3))
    total, per_trough = pipeline.run(TroughFeed(k_feed, troughs=4, leaves=5, sensors=3))
    jax.block_until_ready((total, per_trough))
    return None
