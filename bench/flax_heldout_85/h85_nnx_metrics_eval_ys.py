# label: ok
# flax-error: none
# class: 3 the scan body returns per-batch loss and logits as ys; the Evaluator updates its nnx.metrics.MultiMetric after the loop
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
            return carry, (loss, logits)

        _, (losses, logits) = lax.scan(body, None, (xs, labels))
        for i in range(xs.shape[0]):
            self.metrics.update(loss=losses[i], logits=logits[i], labels=labels[i])
        return self.metrics.compute()


def main():
    model = Classifier(5, 3, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    labels = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 3)
    jax.block_until_ready(Evaluator(model).evaluate(xs, labels))
    return None
