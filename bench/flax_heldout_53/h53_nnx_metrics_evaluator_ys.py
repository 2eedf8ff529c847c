# label: ok
# flax-error: none
# class: 2 an evaluator's raw scan body returns per-batch loss and logits as ys; the nnx.MultiMetric is updated after the loop
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
            return carry, (loss, logits)

        _, (losses, logits) = scan(body, None, (xs, ys))
        self.metrics.update(loss=losses, logits=logits.reshape(-1, 3), labels=ys.reshape(-1))
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jnp.ones((4, 8, 5))
    ys = jnp.zeros((4, 8), jnp.int32)
    Evaluator(model).evaluate(xs, ys)
    return None
