# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an EvalSuite keeps an nnx.MultiMetric (loss, accuracy, confidence) on self; the scan body calls self.metrics.update
"""Evaluation suite running several nnx.metrics over the validation batches with lax.scan."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, din, classes, *, rngs):
        self.body = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.body(x))))


class EvalSuite:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
            confidence=nnx.metrics.Average("confidence"),
        )

    def evaluate(self, model, xs, ys):
        model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            conf = jax.nn.softmax(logits).max(-1).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y, confidence=conf)
            return carry, None

        lax.scan(body, None, (xs, ys))
        return self.metrics.compute()


def main():
    model = Classifier(6, 3, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 10, 6))
    ys = jax.random.randint(jax.random.key(2), (4, 10), 0, 3)
    EvalSuite().evaluate(model, xs, ys)
    return None
