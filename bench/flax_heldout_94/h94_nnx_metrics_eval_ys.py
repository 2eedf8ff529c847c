# label: ok
# flax-error: none
# class: 1 the model is closed over read-only; per-batch loss and logits leave the jax.lax.scan as ys and the metrics are updated after
"""Same evaluation; the scan only computes logits and losses and returns them as ys, and the
metrics object is updated outside the loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


def main():
    model = nnx.Linear(4, 3, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.PRNGKey(1), (3, 8, 4))
    ys = jax.random.randint(jax.random.PRNGKey(2), (3, 8), 0, 3)

    def eval_step(_, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return None, (loss, logits)

    _, (losses, logits) = jax.lax.scan(eval_step, None, (xs, ys))
    for loss, lg, y in zip(losses, logits, ys):
        metrics.update(loss=loss, logits=lg, labels=y)
    print(metrics.compute())
