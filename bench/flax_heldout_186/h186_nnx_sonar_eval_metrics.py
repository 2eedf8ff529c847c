# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the nnx.MultiMetric is reached through evaluator.reporter.metrics; the scan body calls reporter.record, which runs metrics.update on the outer metric Variables
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
            self.reporter.record(logits, y, loss)
            return carry, None

        lax.scan(body, None, (pings, labels))
        return self.reporter.summary()


def main():
    pings = jax.random.normal(jax.random.key(0), (6, 10, 40))
    labels = jax.random.randint(jax.random.key(1), (6, 10), 0, 4)
    evaluator = NightlyEvaluator(PingClassifier(40, 4, nnx.Rngs(0)), MetricsReporter())
    evaluator.run(pings, labels)
    return None
