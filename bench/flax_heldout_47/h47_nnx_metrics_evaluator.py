# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Evaluator.evaluate scans over batches and updates self.metrics, an nnx.MultiMetric built in the constructor, inside the body
"""Evaluation harness with nnx.metrics, looping over the eval set with jax.lax.scan."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def _eval_batch(self, batch):
        x, y = batch
        logits = self.model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        self.metrics.update(logits=logits, labels=y, loss=loss)

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            self._eval_batch(batch)
            return carry, None

        lax.scan(body, None, (xs, ys))
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 6, 4))
    ys = jnp.zeros((4, 6), jnp.int32)
    Evaluator(model).evaluate(xs, ys)
    return None
