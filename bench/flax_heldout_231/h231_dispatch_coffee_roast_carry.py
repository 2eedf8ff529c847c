# label: ok
# flax-error: none
# class: 4 handle(RoastBatch) singledispatch handler -> engine.model.apply(..., mutable=["batch_stats"]) with the batch statistics threaded through the scan carry
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
    batch_stats: dict


@dataclass(frozen=True)
class CuppingBatch:
    scores: jax.Array


@functools.singledispatch
def handle(batch, engine: RoastEngine):
    raise TypeError(f"no handler for {type(batch).__name__}")


@handle.register
def _(batch: RoastBatch, engine: RoastEngine):
    variables = {"params": engine.variables["params"], "batch_stats": batch.batch_stats}
    out, updates = engine.model.apply(variables, batch.temps, train=True, mutable=["batch_stats"])
    return out, updates["batch_stats"]


@handle.register
def _(batch: CuppingBatch, engine: RoastEngine):
    return batch.scores.mean(axis=-1)


def supervise_roast(engine: RoastEngine, stages):
    def stage(carry, temps):
        ror, stats = carry
        development, stats = handle(RoastBatch(temps, stats), engine)
        return (0.7 * ror + 0.3 * development.mean(), stats), development

    (ror, stats), development = jax.lax.scan(
        stage, (jnp.zeros(()), engine.variables["batch_stats"]), stages
    )
    engine.variables = {"params": engine.variables["params"], "batch_stats": stats}
    return ror, development


def main():
    stages = jax.random.normal(jax.random.key(4), (7, 5, 3))  # stages x probes x channels
    model = RoastCurveNet()
    engine = RoastEngine(model, model.init(jax.random.key(0), stages[0], train=False))
    ror, development = supervise_roast(engine, stages)
    cupping = handle(CuppingBatch(jnp.ones((2, 4))), engine)
    jax.block_until_ready((ror, development, cupping, engine.variables))
    return None
