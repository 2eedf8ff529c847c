# label: ok
# flax-error: none
# class: 4 Evaluator.board.metrics, an nnx.MultiMetric on a MetricsBoard held by the evaluator, is updated after the scan from the per-step losses and alarm rates the body returns as ys
"""Evaluation of a gas-pipeline leak detector over recorded pressure windows.

The evaluator streams labelled windows through the detector and keeps loss and alarm
rate in an nnx.MultiMetric that the dashboard reads.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class LeakDetector(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pressure):
        return self.head(nnx.relu(self.encoder(pressure)))[:, 0]


class MetricsBoard:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            alarm_rate=nnx.metrics.Average("alarm_rate"),
        )

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class Evaluator:
    def __init__(self, model: LeakDetector, board: MetricsBoard, threshold: float = 0.0):
        self.model = model
        self.board = board
        self.threshold = threshold

    def evaluate(self, windows, labels):
        def body(count, batch):
            pressure, leak = batch
            logits = self.model(pressure)
            loss = optax.sigmoid_binary_cross_entropy(logits, leak).mean()
            alarms = (logits > self.threshold).astype(jnp.float32).mean()
            return count + 1, (loss, alarms)

        count, (losses, alarm_rates) = lax.scan(body, 0, (windows, labels))
        self.board.metrics.update(loss=losses, alarm_rate=alarm_rates)
        return self.board.summary()


def main():
    windows = jax.random.normal(jax.random.key(0), (8, 4, 6))
    labels = (windows.mean(axis=-1) > 0.2).astype(jnp.float32)
    detector = LeakDetector(6, nnx.Rngs(0))
    summary = Evaluator(detector, MetricsBoard()).evaluate(windows, labels)
    print(summary)
    return None
