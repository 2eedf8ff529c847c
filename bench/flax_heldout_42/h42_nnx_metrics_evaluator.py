# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the Evaluator owns an nnx.MultiMetric; the fori_loop body calls self.metrics.update on it for every validation batch
"""Validation harness for an NNX classifier.

`Evaluator.evaluate` puts the model in eval mode and accumulates loss and accuracy over
the validation set with a raw `jax.lax.fori_loop` (the batches are stacked on device).
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, din, nclass, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(32, nclass, rngs=rngs)

    def __call__(self, x):
        h = self.drop(nnx.relu(self.bn(self.fc1(x))))
        return self.fc2(h)


class Evaluator:
    def __init__(self, model: nnx.Module):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def eval_batch(self, x, y):
        logits = self.model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        self.metrics.update(loss=loss, logits=logits, labels=y)

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def body(i, _):
            self.eval_batch(xs[i], ys[i])
            return _

        jax.lax.fori_loop(0, xs.shape[0], body, 0)
        return self.metrics.compute()


def main():
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (4, 8, 6))
    ys = jax.random.randint(key, (4, 8), 0, 3)
    model = Classifier(6, 3, rngs=nnx.Rngs(0))
    results = Evaluator(model).evaluate(xs, ys)
    jax.block_until_ready(results)
    return None
