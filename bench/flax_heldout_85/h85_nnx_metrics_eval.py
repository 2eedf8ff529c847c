# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the Evaluator's nnx.metrics.MultiMetric is updated inside the jax.lax.scan body through self.metrics
"""Evaluation library: an NNX Evaluator accumulating metrics over a scanned validation set."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, din, classes, *, rngs):
        self.body = nnx.Linear(din, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.body(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, xs, labels):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        lax.scan(body, None, (xs, labels))
        return self.metrics.compute()


def main():
    model = Classifier(5, 3, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    labels = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 3)
    jax.block_until_ready(Evaluator(model).evaluate(xs, labels))
    return None
