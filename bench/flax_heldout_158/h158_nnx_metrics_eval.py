# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the Evaluator's MetricsReporter owns an nnx.MultiMetric; the scan body over eval batches calls self.reporter.metrics.update(...)
"""Evaluation of a crop-type classifier on satellite pixel time series.

The evaluator scans over the held-out batches and feeds a reporter whose nnx.MultiMetric
tracks mean loss and accuracy; the reporter publishes the computed values to the run log.
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
            self.reporter.metrics.update(loss=loss, logits=logits, labels=y)
            return count + y.shape[0], None

        seen, _ = jax.lax.scan(eval_batch, 0, (pixels, labels))
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
