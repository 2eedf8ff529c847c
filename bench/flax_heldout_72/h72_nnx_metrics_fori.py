# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 nnx.MultiMetric closed over and updated inside a raw lax.fori_loop evaluation body
"""NNX eval loop over a stacked test set with lax.fori_loop, updating nnx metrics each batch."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


def main():
    model = nnx.Linear(6, 3, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jnp.ones((4, 8, 6))
    ys = jnp.zeros((4, 8), jnp.int32)

    def eval_batch(i, carry):
        logits = model(xs[i])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
        metrics.update(loss=loss, logits=logits, labels=ys[i])
        return carry

    lax.fori_loop(0, xs.shape[0], eval_batch, 0)
    print(metrics.compute())
    return None
