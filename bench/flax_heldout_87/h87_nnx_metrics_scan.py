# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.MultiMetric is closed over and updated inside the raw scan evaluation body
"""The NNX tutorial's eval loop with nnx.MultiMetric, rewritten as jax.lax.scan over the test
batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


def main():
    model = nnx.Sequential(nnx.Linear(6, 16, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(16, 3, rngs=nnx.Rngs(1)))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.key(2), (4, 8, 6))
    ys = jax.random.randint(jax.random.key(3), (4, 8), 0, 3)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    scan(eval_step, None, (xs, ys))
    results = metrics.compute()
    jax.block_until_ready(results)
    return None
