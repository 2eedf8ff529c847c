# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 FermentationEvaluator.metrics (nnx.MultiMetric of nnx.metrics.Average) is updated in the scan body
"""Brewery fermentation: a gravity regressor predicts specific gravity from tank temperature,
pressure and CO2 readings; the evaluator tracks error metrics over the batch of tanks."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GravityRegressor(nnx.Module):
    def __init__(self, sensors, rngs):
        self.body = nnx.Linear(sensors, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, readings):
        return 1.0 + 0.05 * nnx.sigmoid(self.head(nnx.tanh(self.body(readings))))[..., 0]


class FermentationEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            abs_error=nnx.metrics.Average("abs_error"),
            sq_error=nnx.metrics.Average("sq_error"),
        )

    def evaluate(self, tanks):
        self.metrics.reset()

        def tank(carry, batch):
            readings, gravity = batch
            error = self.model(readings) - gravity
            self.metrics.update(abs_error=jnp.abs(error), sq_error=error ** 2)
            return carry, None

        scan(tank, None, tanks)
        return self.metrics.compute()


def main():
    model = GravityRegressor(sensors=4, rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(1), (5, 6, 4))
    gravity = 1.0 + 0.01 * jnp.abs(readings[..., 0])
    evaluator = FermentationEvaluator(model)
    report = evaluator.evaluate((readings, gravity))
    print({k: float(v) for k, v in report.items()})
    return None
