# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.MultiMetric created outside is updated inside the raw scan body over evaluation batches
"""Evaluation loop from the NNX MNIST tutorial, moved into jax.lax.scan: metrics.update is
called for every batch inside the scanned function."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jnp.cos(jnp.arange(4 * 5 * 6, dtype=jnp.float32)).reshape(4, 5, 6)
    ys = (jnp.arange(4 * 5) % 3).reshape(4, 5)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    lax.scan(eval_step, None, (xs, ys))
    result = metrics.compute()
    jax.block_until_ready(result)
    return None
