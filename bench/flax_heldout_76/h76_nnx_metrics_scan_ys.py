# label: ok
# flax-error: none
# class: 4 per-batch losses and logits leave the scan as ys; the nnx.MultiMetric is updated once after the loop
"""Evaluation loop in jax.lax.scan: the body only computes per-batch
outputs, and the metrics are updated outside the loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class CNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3, 3), rngs=rngs)
        self.linear = nnx.Linear(4, 10, rngs=rngs)

    def __call__(self, x):
        return self.linear(nnx.relu(self.conv(x)).mean(axis=(1, 2)))


def main():
    model = CNN(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    images = jax.random.normal(jax.random.key(1), (4, 8, 6, 6, 1))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 10)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return carry, (loss, logits)

    _, (losses, logits) = jax.lax.scan(eval_step, None, (images, labels))
    metrics.update(loss=losses, logits=logits.reshape(-1, 10), labels=labels.reshape(-1))
    print(metrics.compute())
    return None
