# label: ok
# flax-error: none
# class: 4 runner.evaluator.metrics (an nnx.MultiMetric kept by the evaluator) is split before the scan, carried, merged in the body for the callbacks and written back after
"""Evaluation of a paper-deterioration classifier for an archive conservation lab.

Batches of fibre spectra are scored by the classifier; evaluation callbacks accumulate loss and
accuracy into the evaluator's metrics, as in the lab's training library.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class BrittlenessClassifier(nnx.Module):
    def __init__(self, bands: int, grades: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(bands, 16, rngs=rngs)
        self.logits = nnx.Linear(16, grades, rngs=rngs)

    def __call__(self, spectra):
        return self.logits(nnx.relu(self.hidden(spectra)))


class ConservationEvaluator:
    def __init__(self, model: BrittlenessClassifier):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy()
        )


class MetricsCallback:
    def on_batch(self, metrics, loss, logits, labels):
        metrics.update(loss=loss, logits=logits, labels=labels)


class EvalRunner:
    def __init__(self, evaluator: ConservationEvaluator, callbacks):
        self.evaluator = evaluator
        self.callbacks = callbacks

    def evaluate(self, spectra, grades):
        metrics_def, metrics_state = nnx.split(self.evaluator.metrics)

        def body(metrics_state, batch):
            x, y = batch
            metrics = nnx.merge(metrics_def, metrics_state)
            logits = self.evaluator.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            for cb in self.callbacks:
                cb.on_batch(metrics, loss, logits, y)
            return nnx.state(metrics), None

        metrics_state, _ = jax.lax.scan(body, metrics_state, (spectra, grades))
        nnx.update(self.evaluator.metrics, metrics_state)
        return self.evaluator.metrics.compute()


def main():
    model = BrittlenessClassifier(12, 4, rngs=nnx.Rngs(0))
    spectra = jax.random.normal(jax.random.key(1), (5, 8, 12))
    grades = jax.random.randint(jax.random.key(2), (5, 8), 0, 4)
    runner = EvalRunner(ConservationEvaluator(model), [MetricsCallback()])
    runner.evaluate(spectra, grades)
    return None
