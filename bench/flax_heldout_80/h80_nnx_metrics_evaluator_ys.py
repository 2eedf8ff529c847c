# label: ok
# flax-error: none
# class: 3 a classifier read in a scan body by an Evaluator; per-batch logits and losses leave as ys and update the nnx.MultiMetric after the loop
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
            return carry, (logits, loss)

        _, (logits, losses) = scan(body, None, (xs, ys))
        for i in range(xs.shape[0]):
            self.bundle.record(logits[i], ys[i], losses[i])
        return self.bundle.metrics.compute()


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(1), (4, 8), 0, 3)
    evaluator = Evaluator(Classifier(5, 3, nnx.Rngs(0)))
    evaluator.evaluate(xs, ys)
    return None
