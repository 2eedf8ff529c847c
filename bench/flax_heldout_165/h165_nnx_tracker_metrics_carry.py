# label: ok
# flax-error: none
# class: 3 ExperimentTracker.metrics, an nnx.MultiMetric kept on the tracker, split before the fori_loop, merged and updated in the body, its state carried
"""Experiment tracker: a tracker evaluates the current checkpoint on held-out batches and
accumulates loss and accuracy in NNX metrics before logging a summary row."""

import flax.nnx as nnx
import jax
import jax.numpy as jnp

lax = jax.lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(4, 16, rngs=rngs)
        self.fc2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))


class ExperimentTracker:
    def __init__(self, run_name):
        self.run_name = run_name
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Average("accuracy")
        )
        self.rows = []

    def evaluate(self, model, xs, labels):
        graphdef, metric_state = nnx.split(self.metrics)

        def body(i, metric_state):
            logits = model(xs[i])
            loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[i][:, None], -1))
            accuracy = jnp.mean(logits.argmax(-1) == labels[i])
            metrics = nnx.merge(graphdef, metric_state)
            metrics.update(loss=loss, accuracy=accuracy)
            return nnx.state(metrics)

        metric_state = lax.fori_loop(0, xs.shape[0], body, metric_state)
        nnx.update(self.metrics, metric_state)
        summary = {k: float(v) for k, v in self.metrics.compute().items()}
        self.rows.append((self.run_name, summary))
        self.metrics.reset()
        return summary


def main():
    model = Classifier(nnx.Rngs(3))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    labels = jax.random.randint(jax.random.key(2), (5, 8), 0, 3)
    ExperimentTracker("baseline-v2").evaluate(model, xs, labels)
    return None
