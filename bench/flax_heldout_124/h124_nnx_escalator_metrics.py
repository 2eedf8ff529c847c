# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body updates FleetEvaluator.metrics, an nnx.MultiMetric attribute of the evaluator
"""Escalator maintenance prediction: evaluate the bearing-health model on a week of windows."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class BearingHealth(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(6, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.enc(x)))[..., 0]


class FleetEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"))

    def evaluate(self, windows, labels):
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            loss = jnp.mean((self.model(x) - y) ** 2)
            self.metrics.update(loss=loss)
            return carry, None

        lax.scan(body, None, (windows, labels))
        return self.metrics.compute()


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    windows = jax.random.normal(k1, (7, 10, 6))
    labels = jax.random.uniform(k2, (7, 10))
    evaluator = FleetEvaluator(BearingHealth(nnx.Rngs(0)))
    print(evaluator.evaluate(windows, labels))
    return None
