# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 evaluator holds nnx.metrics.MultiMetric on self and updates it inside the scan body
"""Evaluator (NNX) for an insurance lapse classifier, with nnx.metrics accumulators."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class LapseClassifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(5, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def run(self, xs, labels):
        self.model.eval()

        def batch_step(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        jax.lax.scan(batch_step, None, (xs, labels))
        return self.metrics.compute()


def main():
    ev = Evaluator(LapseClassifier(nnx.Rngs(0)))
    out = ev.run(jnp.ones((3, 4, 5)), jnp.zeros((3, 4), jnp.int32))
    out["loss"].block_until_ready()
    return None
