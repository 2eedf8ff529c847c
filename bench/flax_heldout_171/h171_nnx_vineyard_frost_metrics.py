# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the FrostEvaluator's tracker holds an nnx.MultiMetric that the scan body updates through evaluator.tracker.record
"""Vineyard frost alerting: evaluates the overnight frost classifier block by block."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class FrostNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def record(self, loss, logits, labels):
        self.metrics.update(loss=loss, logits=logits, labels=labels)

    def summary(self):
        return self.metrics.compute()


class FrostEvaluator:
    def __init__(self, model: FrostNet, tracker: MetricTracker):
        self.model = model
        self.tracker = tracker

    def evaluate(self, blocks, labels):
        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.tracker.record(loss, logits, y)
            return carry, None

        lax.scan(body, None, (blocks, labels))
        return self.tracker.summary()


def main():
    kx, ky = jax.random.split(jax.random.key(14))
    blocks = jax.random.normal(kx, (5, 10, 6))  # 5 vineyard blocks, 10 sensor posts, 6 features
    labels = jax.random.bernoulli(ky, 0.3, (5, 10)).astype(jnp.int32)
    evaluator = FrostEvaluator(FrostNet(nnx.Rngs(0)), MetricTracker())
    summary = evaluator.evaluate(blocks, labels)
    float(summary["accuracy"])
    return None
