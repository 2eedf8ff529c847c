# label: ok
# flax-error: none
# class: 1 the model is only read in the raw scan body; per-batch loss and logits leave as ys and metrics are updated after the loop
"""Evaluation loop of the NNX MNIST tutorial in jax.lax.scan: the scan returns per-batch
losses and logits and the MultiMetric is updated once outside."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jnp.cos(jnp.arange(4 * 5 * 6, dtype=jnp.float32)).reshape(4, 5, 6)
    ys = (jnp.arange(4 * 5) % 3).reshape(4, 5)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return carry, (loss, logits)

    _, (losses, logits) = lax.scan(eval_step, None, (xs, ys))
    metrics.update(loss=losses.mean(), logits=logits.reshape(-1, 3), labels=ys.reshape(-1))
    result = metrics.compute()
    jax.block_until_ready(result)
    return None
