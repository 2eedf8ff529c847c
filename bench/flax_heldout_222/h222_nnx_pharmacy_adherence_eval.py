# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 AdherenceEvaluator's self.metrics (an nnx.MultiMetric) is updated inside the scan body
"""Pharmacy refills: evaluate a refill-adherence classifier (on time / late / lapsed) batch by batch."""

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax

CLASSES = ("on_time", "late", "lapsed")


class AdherenceClassifier(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(hidden, len(CLASSES), rngs=rngs)

    def __call__(self, x):
        return self.out(self.dropout(nnx.gelu(self.hidden(x))))


class AdherenceEvaluator:
    def __init__(self, model: AdherenceClassifier):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, features, labels):
        self.model.eval()
        self.metrics.reset()

        def body(_, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return None, loss

        lax.scan(body, None, (features, labels))
        return {name: float(value) for name, value in self.metrics.compute().items()}


def main():
    model = AdherenceClassifier(features=7, hidden=16, rngs=nnx.Rngs(0))
    features = jax.random.normal(jax.random.key(1), (5, 20, 7))
    labels = jax.random.randint(jax.random.key(2), (5, 20), 0, len(CLASSES))
    AdherenceEvaluator(model).evaluate(features, labels)
    return None
