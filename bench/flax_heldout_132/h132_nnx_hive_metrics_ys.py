# label: ok
# flax-error: none
# class: 4 evaluator -> MetricsTracker -> nnx.MultiMetric; per-batch losses leave the scan as ys and the metrics are updated after the loop
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
            return seen + x.shape[0], (jnp.mean(err**2), jnp.mean(jnp.abs(err)))

        seen, (losses, abs_errors) = lax.scan(body, 0, (frames, mite_counts))
        self.tracker.record(loss=losses, abs_error=abs_errors)
        return int(seen), self.tracker.summary()


def main():
    key_x, key_y = jax.random.split(jax.random.key(17))
    frames = jax.random.uniform(key_x, (5, 6, 4))  # batches x hives x sticky-board features
    mite_counts = jax.random.uniform(key_y, (5, 6)) * 3.0
    evaluator = ApiaryEvaluator(VarroaLoadModel(nnx.Rngs(0)))
    print(evaluator.evaluate(frames, mite_counts))
