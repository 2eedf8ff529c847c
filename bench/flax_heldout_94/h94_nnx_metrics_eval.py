# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.MultiMetric created outside is closed over and updated inside a jax.lax.scan over eval batches
"""Evaluation loop from the NNX tutorial moved into jax.lax.scan: metrics.update is called in
the scan body on the metrics object created before the loop."""
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
        metrics.update(loss=loss, logits=logits, labels=y)
        return None, None

    jax.lax.scan(eval_step, None, (xs, ys))
    print(metrics.compute())
