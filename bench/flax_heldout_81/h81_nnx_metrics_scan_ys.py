# label: ok
# flax-error: none
# class: 4 the model is only read in the scan body; logits and losses leave as ys and metrics are updated after the loop
"""Evaluation with lax.scan: per-batch results are stacked as ys, metrics updated outside the loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(6, 4, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 6))
    labels = jax.random.randint(jax.random.PRNGKey(2), (5, 16), 0, 4)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))
        return carry, (loss, logits)

    _, (losses, logits) = lax.scan(eval_step, None, (xs, labels))
    for i in range(xs.shape[0]):
        metrics.update(loss=losses[i], logits=logits[i], labels=labels[i])
    print(metrics.compute())
    return None
