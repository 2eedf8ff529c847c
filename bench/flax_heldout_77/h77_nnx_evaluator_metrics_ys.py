# label: ok
# flax-error: none
# class: 2 the raw jax.lax.scan body returns per-batch loss and logits as ys; the Evaluator's nnx.MultiMetric is updated after the loop
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
            return carry, (loss, logits)

        _, (losses, logits) = jax.lax.scan(eval_batch, None, (xs, ys))
        for loss, lg, y in zip(losses, logits, ys):
            self.metrics.update(loss=loss, logits=lg, labels=y)
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (3, 8, 4))
    ys = jax.random.randint(jax.random.key(2), (3, 8), 0, 3)
    Evaluator().evaluate(model, xs, ys)
    return None
