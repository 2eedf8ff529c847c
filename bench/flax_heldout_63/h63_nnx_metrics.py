# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.MultiMetric created outside is closed over and .update() is called in the scan body
"""'Cannot mutate Variable from a different trace level': accumulating NNX metrics inside jax.lax.scan."""
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
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    jax.lax.scan(eval_step, None, (xs, ys))
    metrics.compute()
    return None
