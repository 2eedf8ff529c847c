# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body updates screening.evaluator.metrics, an nnx.MultiMetric held by the evaluator, from screening.evaluator.model
"""Satellite collision avoidance: evaluate the manoeuvre classifier over a week of conjunction messages."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class ManeuverClassifier(nnx.Module):
    """Logits for (no action, monitor, manoeuvre) from a conjunction data message."""

    def __init__(self, features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 24, rngs=rngs)
        self.head = nnx.Linear(24, 3, rngs=rngs)

    def __call__(self, cdm):
        return self.head(nnx.tanh(self.body(cdm)))


class ScreeningEvaluator:
    def __init__(self, model: ManeuverClassifier):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )


class ConjunctionScreening:
    def __init__(self, features: int = 7, seed: int = 0):
        self.evaluator = ScreeningEvaluator(ManeuverClassifier(features, nnx.Rngs(seed)))

    def evaluate_week(self, messages, decisions):
        def day(_, batch):
            cdm, decision = batch
            logits = self.evaluator.model(cdm)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, decision).mean()
            self.evaluator.metrics.update(loss=loss, logits=logits, labels=decision)
            return None, loss

        _, losses = lax.scan(day, None, (messages, decisions))
        return self.evaluator.metrics.compute()


def main():
    screening = ConjunctionScreening()
    messages = jax.random.normal(jax.random.key(3), (7, 16, 7))
    decisions = jax.random.randint(jax.random.key(4), (7, 16), 0, 3)
    report = screening.evaluate_week(messages, decisions)
    jax.block_until_ready(report)
    return None
