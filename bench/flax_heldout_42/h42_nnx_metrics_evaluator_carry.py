# label: ok
# flax-error: none
# class: 3 the Evaluator owns an nnx.MultiMetric; it splits the metrics before the fori_loop, the body merges them from the carried state, updates and returns nnx.state, and nnx.update writes them back
"""Validation harness for an NNX classifier.

`Evaluator.evaluate` puts the model in eval mode and accumulates loss and accuracy over
the validation set with a raw `jax.lax.fori_loop`; the metric state is the loop carry.
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

    def eval_batch(self, metrics, x, y):
        logits = self.model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        metrics.update(loss=loss, logits=logits, labels=y)

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()
        graphdef, metric_state = nnx.split(self.metrics)

        def body(i, metric_state):
            metrics = nnx.merge(graphdef, metric_state)
            self.eval_batch(metrics, xs[i], ys[i])
            return nnx.state(metrics)

        metric_state = jax.lax.fori_loop(0, xs.shape[0], body, metric_state)
        nnx.update(self.metrics, metric_state)
        return self.metrics.compute()


def main():
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (4, 8, 6))
    ys = jax.random.randint(key, (4, 8), 0, 3)
    model = Classifier(6, 3, rngs=nnx.Rngs(0))
    results = Evaluator(model).evaluate(xs, ys)
    jax.block_until_ready(results)
    return None
