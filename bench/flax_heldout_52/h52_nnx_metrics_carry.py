# label: ok
# flax-error: none
# class: 3 the metric's state is split out before the raw scan, carried, merged and re-split in the body, written back after
"""Evaluation loop with nnx.metrics in lax.scan, the metric state carried through the loop."""
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
    metric_def, metric_state = nnx.split(metrics)

    def eval_step(metric_state, batch):
        x, y = batch
        m = nnx.merge(metric_def, metric_state)
        logits = model(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))
        m.update(loss=loss, logits=logits, labels=y)
        return nnx.state(m), None

    metric_state, _ = jax.lax.scan(eval_step, metric_state, (xs, labels))
    nnx.update(metrics, metric_state)
    result = metrics.compute()
    result["loss"].block_until_ready()
    return None
