# label: ok
# flax-error: none
# class: 3 evaluator splits its MultiMetric before the scan, merges it in the body, carries the metric state and nnx.update()s after
"""An evaluator that accumulates accuracy and loss with nnx.metrics over a scan of eval batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, din, classes, *, rngs):
        self.body = nnx.Linear(din, 16, rngs=rngs)
        self.head = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()
        metrics_def, metrics_state = nnx.split(self.metrics)

        def body(metrics_state, batch):
            metrics = nnx.merge(metrics_def, metrics_state)
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            metrics.update(logits=logits, labels=y, loss=loss)
            return nnx.state(metrics), None

        metrics_state, _ = jax.lax.scan(body, metrics_state, (xs, ys))
        nnx.update(self.metrics, metrics_state)
        return self.metrics.compute()


def main():
    model = Classifier(6, 4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 6))
    ys = jax.random.randint(jax.random.key(2), (5, 8), 0, 4)
    results = Evaluator(model).evaluate(xs, ys)
    print({k: float(v) for k, v in results.items()})
    return None
