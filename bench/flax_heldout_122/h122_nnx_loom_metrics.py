# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the nnx.MultiMetric reaches the fori_loop body through InspectionRun.evaluator -> DefectEvaluator.record, which updates evaluator.metrics
"""Textile mill quality control: evaluate a loom-camera defect classifier over a shift of
frames, tracking loss and accuracy with nnx metrics."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class DefectClassifier(nnx.Module):
    def __init__(self, features, classes, rngs):
        self.body = nnx.Linear(features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(24, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.body(x))))


class DefectEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy()
        )

    def record(self, loss, logits, labels):
        self.metrics.update(loss=loss, logits=logits, labels=labels)


class InspectionRun:
    def __init__(self, evaluator):
        self.evaluator = evaluator

    def run(self, frames, labels):
        model = self.evaluator.model
        model.eval()

        def body(i, total):
            logits = model(frames[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
            self.evaluator.record(loss, logits, labels[i])
            return total + loss

        jax.lax.fori_loop(0, frames.shape[0], body, jnp.zeros(()))
        return self.evaluator.metrics.compute()


def main():
    frames = jax.random.normal(jax.random.key(0), (8, 16, 10))  # batches x frames x features
    labels = jax.random.randint(jax.random.key(1), (8, 16), 0, 3)
    model = DefectClassifier(10, 3, nnx.Rngs(0, dropout=1))
    report = InspectionRun(DefectEvaluator(model)).run(frames, labels)
    jax.block_until_ready(report)
    return None
