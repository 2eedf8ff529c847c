# label: ok
# flax-error: none
# class: 4 ChangeEvaluator.tracker -> MetricTracker.metrics (nnx.MultiMetric); the lax.scan body returns logits and losses as ys and tracker.record runs after the loop; the detector comes from service.detector
"""Satellite image change detection (NNX): an evaluator holding nnx.metrics scores a detection service."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class ChangeHead(nnx.Module):
    def __init__(self, bands, rngs: nnx.Rngs):
        self.conv = nnx.Conv(2 * bands, 8, kernel_size=(3, 3), rngs=rngs)
        self.cls = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, before, after):
        h = nnx.relu(self.conv(jnp.concatenate([before, after], axis=-1)))
        return self.cls(h.mean(axis=(1, 2)))


class ChangeDetectionService:
    def __init__(self, bands, seed=0):
        self.detector = ChangeHead(bands, rngs=nnx.Rngs(seed))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def record(self, logits, labels, loss):
        self.metrics.update(logits=logits, labels=labels, loss=loss)

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class ChangeEvaluator:
    def __init__(self):
        self.tracker = MetricTracker()

    def evaluate(self, service, before, after, labels):
        detector = service.detector

        def body(carry, batch):
            b, a, y = batch
            logits = detector(b, a)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (logits, loss)

        _, (logits, losses) = lax.scan(body, None, (before, after, labels))
        for step in range(labels.shape[0]):
            self.tracker.record(logits[step], labels[step], losses[step])
        return self.tracker.summary()


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    before = jax.random.normal(k1, (3, 4, 12, 12, 4))
    after = before + jax.random.normal(k2, before.shape) * 0.2
    labels = jax.random.bernoulli(k3, 0.3, (3, 4)).astype(jnp.int32)
    summary = ChangeEvaluator().evaluate(ChangeDetectionService(4), before, after, labels)
    print(summary)
    return None
