# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.MultiMetric closed over by the scan body and updated with metrics.update(...) inside the eval loop
"""Evaluation loop from the NNX MNIST tutorial, with the loop over test
batches replaced by jax.lax.scan."""
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
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    jax.lax.scan(eval_step, None, (images, labels))
    print(metrics.compute())
    return None
