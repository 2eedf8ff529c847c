# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an Evaluator's nnx.MultiMetric (Average + Accuracy) is updated from inside a raw jax.lax.scan body over eval batches
"""Evaluator that accumulates loss and accuracy over an eval set."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(4, 16, rngs=rngs)
        self.head = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class Evaluator:
    def __init__(self):
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def evaluate(self, model, xs, ys):
        model.eval()
        self.metrics.reset()

        def eval_batch(carry, batch):
            x, y = batch
            logits = model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        jax.lax.scan(eval_batch, None, (xs, ys))
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (3, 8, 4))
    ys = jax.random.randint(jax.random.key(2), (3, 8), 0, 3)
    Evaluator().evaluate(model, xs, ys)
    return None
