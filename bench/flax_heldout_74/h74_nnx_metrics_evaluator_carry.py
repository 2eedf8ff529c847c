# label: ok
# flax-error: none
# class: 2 evaluator object holds an nnx.MultiMetric; its state is split out, carried by the fori_loop, merged in the body and written back with nnx.update
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
        graphdef, metric_state = nnx.split(self.metrics)

        def body(i, metric_state):
            metrics = nnx.merge(graphdef, metric_state)
            logits = self.model(xs[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
            metrics.update(loss=loss, logits=logits, labels=ys[i])
            return nnx.state(metrics)

        metric_state = jax.lax.fori_loop(0, xs.shape[0], body, metric_state)
        nnx.update(self.metrics, metric_state)
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 3)
    Evaluator(model).evaluate(xs, ys)
    return None
