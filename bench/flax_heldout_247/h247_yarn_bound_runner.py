# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 YarnQualityRunner keeps a bound module in self.bound (bound with mutable batch_stats); scan's body calls self.bound on each lot
"""Yarn-count quality scoring for the spinning mill.

The runner adapts the scorer's batch statistics to a new lot of bobbins before the lot's
quality report is exported.
"""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import scan


@dataclass(frozen=True)
class SpinningLot:
    lot_id: str = "L-2207"
    bobbins: int = 4
    readings: int = 5  # count, twist, hairiness, evenness, strength
    batches: int = 3


class YarnQualityNet(linen.Module):
    train: bool = True

    @linen.compact
    def __call__(self, readings):
        h = linen.Dense(8)(readings)
        h = linen.BatchNorm(use_running_average=not self.train, momentum=0.8)(h)
        return linen.Dense(1)(linen.relu(h))[..., 0]


class CheckpointMixin:
    def export_state(self):
        return jax.tree.map(lambda a: a, self.bound.variables)

    def checkpoint_summary(self):
        state = self.export_state()
        return jax.tree.map(lambda a: jnp.linalg.norm(a.ravel()), state)


class BoundRunnerMixin:
    def bind_for_run(self, model, variables):
        return model.bind(variables, mutable=["batch_stats"])


class YarnQualityRunner(BoundRunnerMixin, CheckpointMixin):
    def __init__(self, model: YarnQualityNet, variables):
        self.model = model
        self.bound = self.bind_for_run(model, variables)

    def adapt(self, lot_batches):
        def score(total, batch):
            s = self.bound(batch)
            return total + s.sum(), s

        total, scores = scan(score, jnp.zeros(()), lot_batches)
        return total, scores


def lot_batches(lot: SpinningLot):
    profile = jnp.linspace(0.9, 1.1, lot.readings)
    return jnp.ones((lot.batches, lot.bobbins, 1)) * profile


def main():
    lot = SpinningLot()
    batches = lot_batches(lot)
    model = YarnQualityNet()
    variables = model.init(jax.random.key(3), batches[0])
    runner = YarnQualityRunner(model, variables)
    total, scores = runner.adapt(batches)
    summary = runner.checkpoint_summary()
    jax.block_until_ready((total, scores, summary))
    return None
