# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 Evaluator runs the eval-mode model inside a lax.scan; the body caches the traced logits on the evaluator for a later confusion-matrix report
"""Evaluator with nnx.metrics and a confusion report.

The model is switched to eval mode and the evaluation batches are scored in a lax.scan; the
evaluator keeps the last logits around so `confusion()` can report on them afterwards."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


class Evaluator:
    def __init__(self, model: Classifier):
        self.model = model
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy())
        self._last_logits = None
        self._last_labels = None

    def evaluate(self, xs, ys):
        self.model.eval()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            self._last_logits, self._last_labels = logits, y
            return carry, logits

        _, logits = scan(body, None, (xs, ys))
        self.metrics.update(logits=logits.reshape(-1, 3), labels=ys.reshape(-1))
        return self.metrics.compute()

    def confusion(self):
        preds = jnp.argmax(self._last_logits, axis=-1)
        return jnp.zeros((3, 3), jnp.int32).at[self._last_labels, preds].add(1)


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 8, 6))
    ys = jax.random.randint(jax.random.key(1), (4, 8), 0, 3)
    evaluator = Evaluator(Classifier(rngs=nnx.Rngs(0)))
    evaluator.evaluate(xs, ys)
    evaluator.confusion()
    return None
