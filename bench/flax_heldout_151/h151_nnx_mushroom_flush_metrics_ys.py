# label: ok
# flax-error: none
# class: 3 the scan body calls evaluator.model and returns the per-batch losses as ys; evaluator.metrics (an nnx.MultiMetric) is updated after the loop
"""Mushroom farm flush-yield evaluator.

The evaluator replays the grow-room sensor batches of a flush through the
yield model and accumulates the loss in nnx metrics. Which loss is used
depends on the target being evaluated, looked up in a table of lambdas keyed
by an enum.
"""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Target(enum.Enum):
    YIELD = "yield"
    MOISTURE = "moisture"


LOSSES = {
    Target.YIELD: lambda pred, true: jnp.mean((pred - true) ** 2),
    Target.MOISTURE: lambda pred, true: jnp.mean(jnp.abs(pred - true)),
}


@dataclass(frozen=True)
class RoomConfig:
    sensors: int = 5
    hidden: int = 8


class FlushModel(nnx.Module):
    def __init__(self, config: RoomConfig, rngs: nnx.Rngs):
        self.body = nnx.Linear(config.sensors, config.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.silu(self.body(x))))[..., 0]


class FlushEvaluator:
    def __init__(self, model: FlushModel, target: Target):
        self.model = model
        self.loss_fn = LOSSES[target]
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"))

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def batch(carry, data):
            x, y = data
            return carry, self.loss_fn(self.model(x), y)

        _, losses = scan(batch, None, (xs, ys))
        self.metrics.update(loss=losses)
        return self.metrics.compute()


def main():
    config = RoomConfig()
    evaluator = FlushEvaluator(FlushModel(config, nnx.Rngs(0)), Target.YIELD)
    xs = jax.random.normal(jax.random.key(3), (4, 6, config.sensors))
    evaluator.evaluate(xs, xs.mean(axis=-1))
    return None
