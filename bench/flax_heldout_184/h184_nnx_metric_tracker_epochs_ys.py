# label: ok
# flax-error: none
# class: 4 the scan body in Evaluator.evaluate_epoch emits loss and logits as scan outputs; self.tracker.record updates the MetricTracker's nnx.MultiMetric after the loop
"""Ferry booking no-show classifier, evaluated every epoch: a MetricTracker holds an
nnx.MultiMetric (loss, accuracy) that is reset between epochs and filled with the
whole validation set once the evaluator's scan is done."""
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
            return count + 1, (loss, logits)

        _, (losses, logits) = scan(eval_batch, 0, (xs, ys))
        for loss, batch_logits, y in zip(losses, logits, ys):
            self.tracker.record(loss, batch_logits, y)

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
