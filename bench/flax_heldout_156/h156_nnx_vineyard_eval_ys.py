# label: ok
# flax-error: none
# class: 4 Evaluator.tracker.metrics is an nnx.MultiMetric; the scan body returns per-batch losses as ys and self.tracker.metrics.update runs once after the loop
"""Vineyard irrigation: evaluates a soil-moisture model over a season of sensor batches."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class MoistureModel(nnx.Module):
    def __init__(self, sensors, rngs):
        self.hidden = nnx.Linear(sensors, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))[..., 0]


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            mae=nnx.metrics.Average("mae"),
        )

    def summary(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


class Evaluator:
    def __init__(self, model, tracker):
        self.model = model
        self.tracker = tracker

    def evaluate(self, sensors, targets):
        def body(batches, batch):
            x, y = batch
            error = self.model(x) - y
            return batches + 1, (jnp.mean(error ** 2), jnp.mean(jnp.abs(error)))

        _, (losses, maes) = lax.scan(body, 0, (sensors, targets))
        self.tracker.metrics.update(loss=losses, mae=maes)
        return self.tracker.summary()


def main():
    model = MoistureModel(sensors=7, rngs=nnx.Rngs(0))
    k1, k2 = jax.random.split(jax.random.key(4))
    sensors = jax.random.normal(k1, (6, 8, 7))
    targets = jax.random.uniform(k2, (6, 8))
    print(Evaluator(model, MetricTracker()).evaluate(sensors, targets))
    return None
