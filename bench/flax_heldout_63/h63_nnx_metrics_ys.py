# label: ok
# flax-error: none
# class: 1 the model is closed over read-only; losses and logits leave the scan as ys and the nnx.MultiMetric is updated after the loop
"""NNX metrics with jax.lax.scan after the fix: per-batch values returned as ys, metrics updated outside."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(6, 16, rngs=rngs)
        self.out = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())
    xs = jax.random.normal(jax.random.key(1), (5, 4, 6))
    ys = jax.random.randint(jax.random.key(2), (5, 4), 0, 3)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return carry, (loss, logits)

    _, (losses, logits) = jax.lax.scan(eval_step, None, (xs, ys))
    metrics.update(loss=losses, logits=logits.reshape(-1, 3), labels=ys.reshape(-1))
    metrics.compute()
    return None
