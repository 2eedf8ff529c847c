# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the model is the attribute `self.model` of an Evaluator; the scan body in Evaluator.accuracy calls it while it is still in train mode
"""Validation accuracy of a BatchNorm classifier computed with lax.scan over a stack of
validation batches; the evaluator was written right after the training loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din, n_classes, rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.l2 = nnx.Linear(32, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model

    def accuracy(self, xs, ys):
        def body(correct, batch):
            x, y = batch
            pred = jnp.argmax(self.model(x), -1)
            return correct + jnp.sum(pred == y), None

        correct, _ = jax.lax.scan(body, 0, (xs, ys))
        return correct / ys.size


def main():
    model = Classifier(8, 4, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 16, 8))
    ys = jax.random.randint(jax.random.key(2), (5, 16), 0, 4)
    acc = Evaluator(model).accuracy(xs, ys)
    print("val acc", float(acc))
    return None
