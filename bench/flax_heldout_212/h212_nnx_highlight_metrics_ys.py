# label: ok
# flax-error: none
# class: 4 a TournamentReport holds a HighlightEvaluator whose detector and nnx.MultiMetric are attributes; the scan body returns logits and losses as ys and evaluator.metrics.update runs after the loop
"""Esports highlight detection: after each tournament day the report job scores the
highlight detector on the clips editors marked, minibatch by minibatch."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class ClipDetector(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 24, rngs=rngs)
        self.head = nnx.Linear(24, 2, rngs=rngs)

    def __call__(self, clips):
        return self.head(nnx.gelu(self.body(clips)))


class HighlightEvaluator:
    def __init__(self, detector: ClipDetector):
        self.detector = detector
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, clips, labels):
        self.metrics.reset()

        def step(carry, batch):
            x, y = batch
            logits = self.detector(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (logits, loss)

        _, (logits, losses) = scan(step, None, (clips, labels))
        self.metrics.update(logits=logits.reshape(-1, 2), labels=labels.reshape(-1), loss=losses)
        return self.metrics.compute()


class TournamentReport:
    def __init__(self, evaluator: HighlightEvaluator):
        self.evaluator = evaluator

    def day_summary(self, clips, labels):
        scores = self.evaluator.evaluate(clips, labels)
        return {name: float(value) for name, value in scores.items()}


def main():
    clips = jax.random.normal(jax.random.key(0), (5, 6, 9))
    labels = jax.random.randint(jax.random.key(1), (5, 6), 0, 2)
    report = TournamentReport(HighlightEvaluator(ClipDetector(9, nnx.Rngs(0))))
    report.day_summary(clips, labels)
    return None
