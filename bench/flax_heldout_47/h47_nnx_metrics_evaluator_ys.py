# label: ok
# flax-error: none
# class: 3 Evaluator.evaluate scans only the model call and returns logits and losses as per-step outputs; self.metrics is updated after the loop
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
        return logits, loss

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            return carry, self._eval_batch(batch)

        _, (logits, losses) = lax.scan(body, None, (xs, ys))
        for i in range(xs.shape[0]):
            self.metrics.update(logits=logits[i], labels=ys[i], loss=losses[i])
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 6, 4))
    ys = jnp.zeros((4, 6), jnp.int32)
    Evaluator(model).evaluate(xs, ys)
    return None
