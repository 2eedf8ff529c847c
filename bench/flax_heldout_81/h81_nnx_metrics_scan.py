# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.MultiMetric is closed over and updated inside a raw lax.scan eval loop
"""Evaluation over batches with lax.scan, accumulating nnx.metrics inside the body."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(6, 4, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 6))
    labels = jax.random.randint(jax.random.PRNGKey(2), (5, 16), 0, 4)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    lax.scan(eval_step, None, (xs, labels))
    print(metrics.compute())
    return None
