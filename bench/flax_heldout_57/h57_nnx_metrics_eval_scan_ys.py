# label: ok
# flax-error: none
# class: 1 the raw scan body returns per-batch losses and logits as ys and the metric is updated after the loop
"""The fix: the scan body only computes; losses and logits come out as stacked ys and the
MultiMetric is updated once outside the loop."""
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
        return carry, (loss, logits)

    _, (losses, logits) = jax.lax.scan(eval_step, None, (xs, labels))
    metrics.update(loss=losses, logits=logits.reshape(-1, 3), labels=labels.reshape(-1))
    jax.block_until_ready(metrics.compute())
    return None
