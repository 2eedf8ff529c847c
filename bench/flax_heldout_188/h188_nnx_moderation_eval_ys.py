# label: ok
# flax-error: none
# class: 4 the scan body only returns logits and losses as scan outputs; self.tracker's nnx.MultiMetric is updated after the loop
"""Chat moderation: before a release, the gate evaluator replays flagged conversations through
the toxicity classifier and reports accuracy and loss to the release dashboard."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class ToxicityClassifier(nnx.Module):
    def __init__(self, features: int, labels: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.classify = nnx.Linear(32, labels, rngs=rngs)

    def __call__(self, messages):
        return self.classify(self.drop(nnx.gelu(self.encode(messages))))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.metrics.MultiMetric(
            accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def record(self, logits, labels, loss):
        self.metrics.update(logits=logits, labels=labels, loss=loss)

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class ReleaseGateEvaluator:
    def __init__(self, model):
        self.model = model
        self.tracker = MetricTracker()

    def evaluate(self, messages, labels):
        self.model.eval()

        def replay(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (logits, loss)

        _, (logits, losses) = lax.scan(replay, None, (messages, labels))
        for step in range(messages.shape[0]):
            self.tracker.record(logits[step], labels[step], losses[step])
        return self.tracker.summary()


def main():
    model = ToxicityClassifier(features=12, labels=3, rngs=nnx.Rngs(0))
    key_x, key_y = jax.random.split(jax.random.key(12))
    messages = jax.random.normal(key_x, (5, 10, 12))
    labels = jax.random.randint(key_y, (5, 10), 0, 3)
    ReleaseGateEvaluator(model).evaluate(messages, labels)
    return None
