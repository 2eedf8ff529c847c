# label: ok
# flax-error: none
# class: 3 SeamEvaluator.metrics (nnx.MultiMetric of Average and Accuracy), per-batch loss and logits leave the scan as ys, metrics updated after
"""Battery-pack line: end-of-shift evaluation of the weld-seam defect classifier.

The evaluator keeps an nnx.MultiMetric; the shift's inspection batches are pushed
through the classifier with a raw lax.scan before the quality report is written.
"""
import jax
import optax
import flax.nnx as nnx
from jax import lax


class SeamClassifier(nnx.Module):
    def __init__(self, n_signals: int, n_classes: int, rngs: nnx.Rngs):
        self.conv = nnx.Conv(n_signals, 8, kernel_size=(5,), rngs=rngs)
        self.head = nnx.Linear(8, n_classes, rngs=rngs)

    def __call__(self, traces):
        return self.head(nnx.relu(self.conv(traces)).mean(axis=1))


class SeamEvaluator:
    def __init__(self, model: SeamClassifier):
        self.model = model
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"),
                                       accuracy=nnx.metrics.Accuracy())

    def evaluate_shift(self, traces, labels):
        self.model.eval()
        self.metrics.reset()

        def batch(carry, inputs):
            x, y = inputs
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (loss, logits)

        _, (losses, logits) = lax.scan(batch, None, (traces, labels))
        for step in range(losses.shape[0]):
            self.metrics.update(loss=losses[step], logits=logits[step], labels=labels[step])
        return self.metrics.compute()


def main():
    model = SeamClassifier(3, 4, nnx.Rngs(0))
    traces = jax.random.normal(jax.random.key(2), (6, 8, 32, 3))
    labels = jax.random.randint(jax.random.key(3), (6, 8), 0, 4)
    report = SeamEvaluator(model).evaluate_shift(traces, labels)
    print({name: float(value) for name, value in report.items()})
    return None
