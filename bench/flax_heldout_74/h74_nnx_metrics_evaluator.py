# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 evaluator object holds an nnx.MultiMetric; the fori_loop body updates it in place
"""Evaluator with nnx.metrics accumulating loss and accuracy over validation shards."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(5, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.body(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def body(i, _):
            logits = self.model(xs[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
            self.metrics.update(loss=loss, logits=logits, labels=ys[i])
            return None

        jax.lax.fori_loop(0, xs.shape[0], body, None)
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 3)
    Evaluator(model).evaluate(xs, ys)
    return None
