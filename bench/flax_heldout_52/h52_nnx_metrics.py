# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an nnx.MultiMetric closed over by the raw scan eval step and updated in place: 'why does my metric not change'
"""Evaluation loop over stacked batches with nnx.metrics, the Python loop replaced by lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(5, 3, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def main():
    model = Classifier(nnx.Rngs(0))
    metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 16, 5))
    labels = jax.random.randint(jax.random.PRNGKey(2), (4, 16), 0, 3)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))
        metrics.update(loss=loss, logits=logits, labels=y)
        return carry, None

    jax.lax.scan(eval_step, None, (xs, labels))
    result = metrics.compute()
    result["loss"].block_until_ready()
    return None
