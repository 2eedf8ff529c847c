# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a StationEvaluator updates the nnx.MultiMetric held by its MetricTracker in the scan body
"""Seismograph event classifier evaluation: quake / blast / noise over a day of windows."""
from flax import nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class EventClassifier(nnx.Module):
    def __init__(self, n_feats, n_classes, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_feats, 32, rngs=rngs)
        self.head = nnx.Linear(32, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def result(self):
        return self.metrics.compute()


class StationEvaluator:
    def __init__(self, model, tracker):
        self.model = model
        self.tracker = tracker

    def evaluate(self, windows, labels):
        def window_step(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = jnp.mean(-jax.nn.log_softmax(logits)[jnp.arange(y.shape[0]), y])
            self.tracker.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        scan(window_step, None, (windows, labels))
        return self.tracker.result()


def main():
    model = EventClassifier(12, 3, nnx.Rngs(0))
    windows = jax.random.normal(jax.random.key(1), (6, 16, 12))
    labels = jax.random.randint(jax.random.key(2), (6, 16), 0, 3)
    StationEvaluator(model, MetricTracker()).evaluate(windows, labels)
    return None
