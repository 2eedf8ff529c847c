# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an nnx.MultiMetric is closed over and updated inside a raw lax.scan over evaluation batches
"""Evaluation loop from the NNX MNIST tutorial, with the Python loop over batches replaced by
jax.lax.scan; metrics.update(...) is still called in the body."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(12, 4, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.key(2), (5, 8, 12))
    labels = jnp.zeros((5, 8), jnp.int32)

    def eval_step(_, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        metrics.update(loss=loss, logits=logits, labels=y)
        return None, None

    lax.scan(eval_step, None, (xs, labels))
    result = metrics.compute()
    result["loss"].block_until_ready()
    return None
