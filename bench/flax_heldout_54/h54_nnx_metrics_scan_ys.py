# label: ok
# flax-error: none
# class: 3 the raw lax.scan returns per-batch logits and losses as ys; the metrics are updated after the loop
"""The evaluation loop after the fix: the scan only computes, the metrics object is updated outside."""
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
        return None, (loss, logits)

    _, (losses, logits) = lax.scan(eval_step, None, (xs, labels))
    for loss, lg, y in zip(losses, logits, labels):
        metrics.update(loss=loss, logits=lg, labels=y)
    result = metrics.compute()
    result["loss"].block_until_ready()
    return None
