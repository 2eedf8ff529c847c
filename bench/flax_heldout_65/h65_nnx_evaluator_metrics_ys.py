# label: ok
# flax-error: none
# class: 3 an Evaluator returns per-batch logits and losses as scan ys and updates its nnx.MultiMetric after the loop
"""Batch evaluation job with nnx.metrics accumulated from the scan outputs."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, din, classes, rngs):
        self.head = nnx.Linear(din, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(x)


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def _eval_batch(self, carry, batch):
        x, labels = batch
        logits = self.model(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=-1))
        return carry, (logits, loss)

    def run(self, xs, ys):
        self.model.eval()
        self.metrics.reset()
        _, (logits, losses) = jax.lax.scan(self._eval_batch, None, (xs, ys))
        for i in range(xs.shape[0]):
            self.metrics.update(logits=logits[i], labels=ys[i], loss=losses[i])
        return self.metrics.compute()


def main():
    model = Classifier(4, 3, nnx.Rngs(0))
    xs = jnp.linspace(-2.0, 2.0, 5 * 6 * 4).reshape(5, 6, 4)
    ys = (jnp.arange(5 * 6) % 3).reshape(5, 6)
    Evaluator(model).run(xs, ys)
    return None
