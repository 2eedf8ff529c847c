# label: ok
# flax-error: none
# class: 3 evaluator reads the model (reached through a task object) in the raw scan body, returns loss and logits as ys and updates its nnx.metrics.MultiMetric after the loop
"""Validation loop of an NNX classification task: an Evaluator streams the validation batches
through a raw lax.scan and accumulates nnx.metrics."""
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(5, 12, rngs=rngs)
        self.head = nnx.Linear(12, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class Task:
    def __init__(self, seed=0):
        self.model = Classifier(nnx.Rngs(seed))


class Evaluator:
    def __init__(self, task):
        self.task = task
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, xs, labels):
        self.task.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.task.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (loss, logits)

        _, (losses, logits) = lax.scan(body, None, (xs, labels))
        for i in range(xs.shape[0]):
            self.metrics.update(loss=losses[i], logits=logits[i], labels=labels[i])
        return self.metrics.compute()


def main():
    evaluator = Evaluator(Task())
    evaluator.evaluate(jnp.ones((3, 4, 5)), jnp.zeros((3, 4), jnp.int32))
    return None
