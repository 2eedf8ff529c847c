# label: ok
# flax-error: none
# class: 4 the nnx.MultiMetric is reached through evaluator.reporter.metrics; the scan body only returns logits and losses as ys, and reporter.record runs on them after the loop
"""Sonar contact classification (biologic / surface vessel / submarine / clutter). The nightly
evaluation job scores the fleet model on recorded pings and reports loss and accuracy."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class PingClassifier(nnx.Module):
    def __init__(self, n_bins: int, n_classes: int, rngs: nnx.Rngs):
        self.spectral = nnx.Linear(n_bins, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.logits = nnx.Linear(24, n_classes, rngs=rngs)

    def __call__(self, pings):
        h = self.dropout(nnx.relu(self.norm(self.spectral(pings))))
        return self.logits(h)


class MetricsReporter:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def record(self, logits, labels, loss):
        self.metrics.update(loss=loss, logits=logits, labels=labels)

    def summary(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


class NightlyEvaluator:
    def __init__(self, model: PingClassifier, reporter: MetricsReporter):
        self.model = model
        self.reporter = reporter

    def run(self, pings, labels):
        self.model.eval()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (logits, loss)

        _, (logits, losses) = lax.scan(body, None, (pings, labels))
        for step in range(losses.shape[0]):
            self.reporter.record(logits[step], labels[step], losses[step])
        return self.reporter.summary()


def main():
    pings = jax.random.normal(jax.random.key(0), (6, 10, 40))
    labels = jax.random.randint(jax.random.key(1), (6, 10), 0, 4)
    evaluator = NightlyEvaluator(PingClassifier(40, 4, nnx.Rngs(0)), MetricsReporter())
    evaluator.run(pings, labels)
    return None
