# label: ok
# flax-error: none
# class: 4 the Evaluator's MetricsReporter owns an nnx.MultiMetric; the scan body returns each batch's loss and logits as ys and self.reporter.metrics.update(...) runs after the loop
"""Evaluation of a crop-type classifier on satellite pixel time series.

The evaluator scans over the held-out batches, collecting loss and logits as stacked outputs,
then feeds a reporter whose nnx.MultiMetric tracks mean loss and accuracy; the reporter
publishes the computed values to the run log.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class CropTypeNet(nnx.Module):
    def __init__(self, bands, n_crops, *, rngs: nnx.Rngs):
        self.temporal = nnx.Linear(bands, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, n_crops, rngs=rngs)

    def __call__(self, pixels):
        h = nnx.relu(self.temporal(pixels)).mean(axis=-2)
        return self.head(self.dropout(h))


class MetricsReporter:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )
        self.log = []

    def publish(self, split):
        self.log.append((split, self.metrics.compute()))
        self.metrics.reset()


class Evaluator:
    def __init__(self, model, reporter):
        self.model = model
        self.reporter = reporter

    def evaluate(self, pixels, labels):
        self.model.eval()

        def eval_batch(count, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return count + y.shape[0], (loss, logits)

        seen, (losses, logits) = jax.lax.scan(eval_batch, 0, (pixels, labels))
        for loss, batch_logits, y in zip(losses, logits, labels):
            self.reporter.metrics.update(loss=loss, logits=batch_logits, labels=y)
        self.reporter.publish("heldout")
        return seen


def main():
    pixels = jax.random.normal(jax.random.key(0), (4, 8, 6, 10))
    labels = jax.random.randint(jax.random.key(1), (4, 8), 0, 5)
    model = CropTypeNet(10, 5, rngs=nnx.Rngs(0))
    evaluator = Evaluator(model, MetricsReporter())
    evaluator.evaluate(pixels, labels)
    jax.block_until_ready(evaluator.reporter.log)
    return None
