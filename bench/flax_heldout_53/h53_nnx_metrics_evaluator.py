# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an evaluator owns an nnx.MultiMetric and updates it inside the raw scan body over eval batches
"""Evaluator with nnx.metrics: loss average and accuracy over the eval set."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.head = nnx.Linear(5, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(x)


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        scan(body, None, (xs, ys))
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jnp.ones((4, 8, 5))
    ys = jnp.zeros((4, 8), jnp.int32)
    Evaluator(model).evaluate(xs, ys)
    return None
