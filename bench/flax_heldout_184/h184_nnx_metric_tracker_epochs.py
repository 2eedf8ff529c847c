# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body in Evaluator.evaluate_epoch calls self.tracker.record, which updates the nnx.MultiMetric held by the MetricTracker of the Evaluator
"""Ferry booking no-show classifier, evaluated every epoch: a MetricTracker holds an
nnx.MultiMetric (loss, accuracy) that is reset between epochs and filled batch by
batch while the evaluator scans the validation set."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class NoShowNet(nnx.Module):
    def __init__(self, n_features, rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )
        self.history = []

    def reset(self):
        self.metrics.reset()

    def record(self, loss, logits, labels):
        self.metrics.update(loss=loss, logits=logits, labels=labels)

    def close_epoch(self):
        summary = {name: float(value) for name, value in self.metrics.compute().items()}
        self.history.append(summary)
        return summary


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.tracker = MetricTracker()

    def evaluate_epoch(self, xs, ys):
        def eval_batch(count, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.tracker.record(loss, logits, y)
            return count + 1, loss

        scan(eval_batch, 0, (xs, ys))

    def run(self, xs, ys, epochs):
        for _ in range(epochs):
            self.tracker.reset()
            self.evaluate_epoch(xs, ys)
            self.tracker.close_epoch()
        return self.tracker.history


def main():
    model = NoShowNet(6, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 16, 6))
    ys = (xs[..., 2] > 0).astype(jnp.int32)
    Evaluator(model).run(xs, ys, epochs=2)
    return None
