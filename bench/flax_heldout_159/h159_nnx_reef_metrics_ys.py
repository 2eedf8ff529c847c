# label: ok
# flax-error: none
# class: 3 the evaluator's scan body returns per-batch logits, losses and confidences as outputs, and its nnx.MultiMetric attribute is updated after the loop
"""Coral reef bleaching survey: evaluating a bleaching classifier with several metrics at once."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

CLASSES = ("healthy", "pale", "bleached", "dead")


class BleachingClassifier(nnx.Module):
    def __init__(self, bands, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(bands, 24, rngs=rngs)
        self.head = nnx.Linear(24, len(CLASSES), rngs=rngs)

    def __call__(self, pixels):
        return self.head(nnx.relu(self.trunk(pixels)))


class ReefEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
            confidence=nnx.metrics.Welford("confidence"),
        )

    def evaluate(self, pixels, labels):
        def on_batch(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            confidence = jax.nn.softmax(logits).max(axis=-1)
            return carry + 1, (logits, loss, confidence)

        _, (logits, losses, confidences) = jax.lax.scan(on_batch, 0, (pixels, labels))
        for i in range(logits.shape[0]):
            self.metrics.update(logits=logits[i], labels=labels[i], loss=losses[i], confidence=confidences[i])
        return self.metrics.compute()


def main():
    model = BleachingClassifier(bands=7, rngs=nnx.Rngs(0))
    pixels = jax.random.normal(jax.random.key(4), (5, 16, 7))
    labels = jax.random.randint(jax.random.key(5), (5, 16), 0, len(CLASSES))
    report = ReefEvaluator(model).evaluate(pixels, labels)
    jax.block_until_ready(report)
    return None
