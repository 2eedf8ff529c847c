# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an Evaluator owns an nnx.MultiMetric; the raw scan body over eval batches calls self.metrics.update on the object closed over from outside
"""Evaluator with nnx.metrics: loss and accuracy over stacked eval batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(6, 16, rngs=rngs)
        self.head = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def run(self, xs, labels):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        jax.lax.scan(body, None, (xs, labels))
        return self.metrics.compute()


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 8, 6))
    labels = jax.random.randint(jax.random.key(1), (5, 8), 0, 3)
    Evaluator(Classifier(nnx.Rngs(0))).run(xs, labels)
    return None
