# label: ok
# flax-error: none
# class: 2 the raw scan body returns per-batch loss and logits as ys and the nnx.MultiMetric is updated after the loop
"""Evaluation with scan after the fix: the metric object is only touched outside the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.key(0), (4, 10, 6))
    ys = jnp.zeros((4, 10), jnp.int32)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return carry, (loss, logits)

    _, (losses, logits) = jax.lax.scan(eval_step, None, (xs, ys))
    for loss, lg, y in zip(losses, logits, ys):
        metrics.update(loss=loss, logits=lg, labels=y)
    print(metrics.compute())
    return None
