# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the evaluator's self.classifier is called in the scan body; its backbone's BatchNorm is still in training mode
"""Evaluation of an NNX classifier with a BatchNorm backbone over batches, in a raw scan.

The evaluator object keeps the classifier and sums correct predictions with lax.scan; the
model was never switched out of training mode after construction."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Backbone(nnx.Module):
    def __init__(self, din, width, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, width, rngs=rngs)
        self.bn = nnx.BatchNorm(width, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.fc(x)))


class Classifier(nnx.Module):
    def __init__(self, din, width, classes, rngs: nnx.Rngs):
        self.backbone = Backbone(din, width, rngs)
        self.head = nnx.Linear(width, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.backbone(x))


class Evaluator:
    def __init__(self, classifier):
        self.classifier = classifier

    def accuracy(self, batches, labels):
        def body(correct, batch):
            x, y = batch
            pred = self.classifier(x).argmax(-1)
            return correct + (pred == y).sum(), None

        correct, _ = lax.scan(body, jnp.zeros((), jnp.int32), (batches, labels))
        return correct / labels.size


def main():
    batches = jax.random.normal(jax.random.key(0), (4, 16, 5))
    labels = jax.random.randint(jax.random.key(1), (4, 16), 0, 3)
    clf = Classifier(5, 24, 3, nnx.Rngs(2))
    print("accuracy", Evaluator(clf).accuracy(batches, labels))
