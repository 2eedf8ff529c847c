# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 handle(RoastBatch) singledispatch handler -> engine.model.apply(engine.variables, train=True) inside the scan body; batch_stats not mutable
"""Roast-curve supervision for a coffee roastery.

Bean-temperature probes are read every stage of a roast; events from the roaster arrive as typed
batches and are routed by a functools.singledispatch handler, like the roastery's event bus does.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class RoastCurveNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, temps, train: bool):
        h = nn.Dense(self.hidden)(temps)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.swish(h))[..., 0]


@dataclass
class RoastEngine:
    model: RoastCurveNet
    variables: dict


@dataclass(frozen=True)
class RoastBatch:
    temps: jax.Array


@dataclass(frozen=True)
class CuppingBatch:
    scores: jax.Array


@functools.singledispatch
def handle(batch, engine: RoastEngine):
    raise TypeError(f"no handler for {type(batch).__name__}")


@handle.register
def _(batch: RoastBatch, engine: RoastEngine):
    return engine.model.apply(engine.variables, batch.temps, train=True)


@handle.register
def _(batch: CuppingBatch, engine: RoastEngine):
    return batch.scores.mean(axis=-1)


def supervise_roast(engine: RoastEngine, stages):
    def stage(ror, temps):
        development = handle(RoastBatch(temps), engine)
        return 0.7 * ror + 0.3 * development.mean(), development

    return jax.lax.scan(stage, jnp.zeros(()), stages)


def main():
    stages = jax.random.normal(jax.random.key(4), (7, 5, 3))  # stages x probes x channels
    model = RoastCurveNet()
    engine = RoastEngine(model, model.init(jax.random.key(0), stages[0], train=False))
    ror, development = supervise_roast(engine, stages)
    cupping = handle(CuppingBatch(jnp.ones((2, 4))), engine)
    jax.block_until_ready((ror, development, cupping))
    return None
