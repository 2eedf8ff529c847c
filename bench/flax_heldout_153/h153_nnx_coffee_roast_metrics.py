# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RoastEvaluator holds a MetricsBundle holding an nnx.MultiMetric; the scan body calls self.bundle.update, which updates the metric state
"""Coffee roast profiling: a network predicts the development time ratio of a roast from its
bean-temperature curve; the evaluator scores a validation set batch by batch and logs metrics."""
import jax
import jax.numpy as jnp
from flax import nnx


class RoastCurveNet(nnx.Module):
    def __init__(self, n_points, rngs: nnx.Rngs):
        self.curve = nnx.Linear(n_points, 10, rngs=rngs)
        self.dtr = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, curves):
        return jax.nn.sigmoid(self.dtr(nnx.swish(self.curve(curves))))[..., 0]


class MetricsBundle:
    def __init__(self):
        self.collection = nnx.MultiMetric(loss=nnx.metrics.Average('loss'),
                                          abs_error=nnx.metrics.Average('abs_error'))

    def update(self, **values):
        self.collection.update(**values)

    def summary(self):
        return {k: float(v) for k, v in self.collection.compute().items()}


class RoastEvaluator:
    def __init__(self, model, bundle):
        self.model = model
        self.bundle = bundle

    def evaluate(self, curves, targets):
        def eval_batch(count, batch):
            x, y = batch
            err = self.model(x) - y
            self.bundle.update(loss=jnp.mean(err ** 2), abs_error=jnp.mean(jnp.abs(err)))
            return count + 1, None

        jax.lax.scan(eval_batch, 0, (curves, targets))
        return self.bundle.summary()


def main():
    model = RoastCurveNet(n_points=20, rngs=nnx.Rngs(0))
    curves = jnp.linspace(150.0, 225.0, 4 * 6 * 20).reshape(4, 6, 20) / 225.0
    targets = jnp.full((4, 6), 0.22)
    evaluator = RoastEvaluator(model, MetricsBundle())
    evaluator.evaluate(curves, targets)
    return None
