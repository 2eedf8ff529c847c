# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.MultiMetric is closed over and updated inside the raw scan body
"""An evaluation loop that accumulates nnx.MultiMetric over test batches, rewritten as a
jax.lax.scan so the whole evaluation compiles once."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    model = nnx.Sequential(nnx.Linear(5, 16, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(16, 3, rngs=nnx.Rngs(1)))
    metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())
    xs = jax.random.normal(jax.random.key(0), (4, 8, 5))
    labels = jnp.arange(32).reshape(4, 8) % 3

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = jnp.mean(-jax.nn.log_softmax(logits)[jnp.arange(8), y])
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    jax.lax.scan(eval_step, None, (xs, labels))
    jax.block_until_ready(metrics.compute())
    return None
