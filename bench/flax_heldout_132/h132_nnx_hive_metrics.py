# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 evaluator -> MetricsTracker -> nnx.MultiMetric updated inside the scan body
"""Varroa-load evaluator for an apiary monitoring service (held-out inspection batches)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class VarroaLoadModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(4, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, frames):
        return self.head(nnx.relu(self.encoder(frames)))[..., 0]


class MetricsTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            abs_error=nnx.metrics.Average("abs_error"),
        )

    def record(self, **values):
        self.metrics.update(**values)

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class ApiaryEvaluator:
    def __init__(self, model):
        self.model = model
        self.tracker = MetricsTracker()

    def evaluate(self, frames, mite_counts):
        def body(seen, batch):
            x, y = batch
            err = self.model(x) - y
            self.tracker.record(loss=jnp.mean(err**2), abs_error=jnp.mean(jnp.abs(err)))
            return seen + x.shape[0], None

        seen, _ = lax.scan(body, 0, (frames, mite_counts))
        return int(seen), self.tracker.summary()


def main():
    key_x, key_y = jax.random.split(jax.random.key(17))
    frames = jax.random.uniform(key_x, (5, 6, 4))  # batches x hives x sticky-board features
    mite_counts = jax.random.uniform(key_y, (5, 6)) * 3.0
    evaluator = ApiaryEvaluator(VarroaLoadModel(nnx.Rngs(0)))
    print(evaluator.evaluate(frames, mite_counts))
