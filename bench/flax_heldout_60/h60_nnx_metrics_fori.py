# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 nnx.MultiMetric closed over and updated inside a raw jax.lax.fori_loop eval loop
"""Evaluation loop over a stacked validation set with lax.fori_loop; accuracy and loss are
accumulated in an nnx.MultiMetric as in the NNX MNIST tutorial's Python loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(5, 3, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jnp.ones((4, 8, 5))
    labels = jnp.zeros((4, 8), jnp.int32)

    def eval_batch(i, carry):
        logits = model(xs[i])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
        metrics.update(logits=logits, labels=labels[i], loss=loss)
        return carry

    jax.lax.fori_loop(0, xs.shape[0], eval_batch, 0)
    print(metrics.compute())
    return None
