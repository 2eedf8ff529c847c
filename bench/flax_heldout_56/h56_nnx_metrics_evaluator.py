# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an Evaluator holds an nnx.MultiMetric and an eval-mode model; the fori_loop body over batches calls metrics.update on the outer metric object
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(8, 3, rngs=rngs)

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

        def body(i, carry):
            logits = self.model(xs[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
            self.metrics.update(loss=loss, logits=logits, labels=ys[i])
            return carry

        lax.fori_loop(0, xs.shape[0], body, 0)
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (3, 5, 4))
    ys = jnp.zeros((3, 5), jnp.int32)
    Evaluator(model).evaluate(xs, ys)
    return None
