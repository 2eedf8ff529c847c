# label: ok
# flax-error: none
# class: 3 VesselEvaluator.metrics (nnx.MultiMetric) updated after the scan from the losses and logits the body returns as ys
"""Vessel-type classification from AIS track features: evaluation job.

The evaluator owns an nnx.MultiMetric with loss and accuracy and walks over the
held-out track batches; the body returns per-batch results that feed the metrics.
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
            return carry, (loss, logits)

        _, (losses, logits) = lax.scan(body, None, (batches, labels))
        for loss, lg, y in zip(losses, logits, labels):
            self.metrics.update(loss=loss, logits=lg, labels=y)
        return self.metrics.compute()


def main():
    model = TrackClassifier(7, 5, nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (4, 16, 7))
    labels = jax.random.randint(jax.random.key(2), (4, 16), 0, 5)
    VesselEvaluator(model).evaluate(batches, labels)
    return None
