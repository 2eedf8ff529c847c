# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body applies trainer.model with trainer.params/batch_stats and records the updated batch_stats on trainer.monitor.logger
"""Moisture regressor for withered leaf, trained one epoch at a time."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as fnn


class MoistureNet(fnn.Module):
    @fnn.compact
    def __call__(self, leaf, train: bool = True):
        h = fnn.Dense(6)(leaf)
        h = fnn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return fnn.Dense(1)(fnn.relu(h)).squeeze(-1)


class StatsLogger:
    def __init__(self):
        self.latest = None
        self.records = 0

    def record(self, stats):
        self.latest = stats
        self.records += 1


class Monitor:
    def __init__(self):
        self.logger = StatsLogger()


class WitherTrainer:
    def __init__(self, model: MoistureNet, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.monitor = Monitor()

    def epoch(self, batches):
        def step(total, batch):
            pred, updates = self.model.apply(
                {"params": self.params, "batch_stats": self.batch_stats}, batch, mutable=["batch_stats"]
            )
            self.monitor.logger.record(updates["batch_stats"])
            return total + jnp.mean(pred), None

        total, _ = jax.lax.scan(step, jnp.zeros(()), batches)
        self.batch_stats = self.monitor.logger.latest
        return total

    def evaluate(self, leaf):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, leaf, train=False)


def main():
    k_init, k_data = jax.random.split(jax.random.key(31))
    batches = jax.random.uniform(k_data, (5, 8, 4))
    model = MoistureNet()
    trainer = WitherTrainer(model, model.init(k_init, batches[0]))
    total = trainer.epoch(batches)
    readings = trainer.evaluate(batches[-1])
    jax.block_until_ready((total, readings))
    return None
