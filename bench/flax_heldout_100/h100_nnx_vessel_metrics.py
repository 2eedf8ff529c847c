# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 VesselEvaluator.metrics (nnx.MultiMetric) updated inside the scan body over AIS track batches
"""Vessel-type classification from AIS track features: evaluation job.

The evaluator owns an nnx.MultiMetric with loss and accuracy and walks over the
held-out track batches, updating the metrics as it goes.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class TrackClassifier(nnx.Module):
    def __init__(self, features, classes, rngs):
        self.body = nnx.Linear(features, 32, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, tracks):
        return self.head(nnx.relu(self.body(tracks)))


class VesselEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, batches, labels):
        def body(carry, batch):
            tracks, y = batch
            logits = self.model(tracks)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        lax.scan(body, None, (batches, labels))
        return self.metrics.compute()


def main():
    model = TrackClassifier(7, 5, nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (4, 16, 7))
    labels = jax.random.randint(jax.random.key(2), (4, 16), 0, 5)
    VesselEvaluator(model).evaluate(batches, labels)
    return None
