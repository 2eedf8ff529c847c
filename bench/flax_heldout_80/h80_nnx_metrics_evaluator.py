# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an nnx.MultiMetric owned by an Evaluator's MetricsBundle, updated inside a scan body
"""Evaluator: stream eval batches through a classifier and accumulate loss and accuracy metrics."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, din, classes, rngs):
        self.head = nnx.Linear(din, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(x)


class MetricsBundle:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def record(self, logits, labels, loss):
        self.metrics.update(logits=logits, labels=labels, loss=loss)


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.bundle = MetricsBundle()

    def evaluate(self, xs, ys):
        self.model.eval()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.bundle.record(logits, y, loss)
            return carry, None

        scan(body, None, (xs, ys))
        return self.bundle.metrics.compute()


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(1), (4, 8), 0, 3)
    evaluator = Evaluator(Classifier(5, 3, nnx.Rngs(0)))
    evaluator.evaluate(xs, ys)
    return None
