# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.MultiMetric created outside is captured by the raw lax.fori_loop evaluation body and updated there
"""Evaluation over stacked test batches with lax.fori_loop, accumulating accuracy and loss
into an `nnx.MultiMetric` the way the NNX MNIST tutorial does in its Python eval loop."""
import jax
import jax.numpy as jnp
import optax
from jax import lax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 5, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    images = jax.random.normal(jax.random.key(1), (4, 16, 8))
    labels = jnp.arange(64).reshape(4, 16) % 5

    def body(i, carry):
        logits = model(images[i])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
        metrics.update(loss=loss, logits=logits, labels=labels[i])
        return carry

    lax.fori_loop(0, images.shape[0], body, 0)
    results = metrics.compute()
    jax.block_until_ready(results)
