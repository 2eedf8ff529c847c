# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the inventory estimator reaches an nnx.MultiMetric through its validation report; the scan body calls self.report.metrics.update for every facility
"""Greenhouse gas inventory estimator: validation against metered facilities.

Estimated CO2-equivalent emissions per facility are compared with the metered values; the
validation report keeps running metrics that the inventory team publishes with the estimate.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

GWP = jnp.array([1.0, 27.0, 273.0])  # CO2, CH4, N2O


class FacilityEmissionModel(nnx.Module):
    def __init__(self, activity_dims, rngs):
        self.factors = nnx.Linear(activity_dims, 3, rngs=rngs)

    def __call__(self, activity):
        gases = nnx.softplus(self.factors(activity))
        return gases @ GWP


class ValidationReport:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            abs_error=nnx.metrics.Average("abs_error"),
            rel_error=nnx.metrics.Average("rel_error"),
        )

    def publish(self):
        return self.metrics.compute()


class InventoryEstimator:
    def __init__(self, model, report):
        self.model = model
        self.report = report

    def validate(self, activity, metered):
        def body(count, facility):
            x, truth = facility
            estimate = self.model(x)
            err = jnp.abs(estimate - truth)
            self.report.metrics.update(abs_error=err, rel_error=err / truth)
            return count + 1, estimate

        _, estimates = scan(body, 0, (activity, metered))
        return estimates


def main():
    model = FacilityEmissionModel(6, nnx.Rngs(0))
    activity = jax.random.uniform(jax.random.key(1), (10, 6))
    metered = jax.random.uniform(jax.random.key(2), (10,), minval=50.0, maxval=400.0)
    estimator = InventoryEstimator(model, ValidationReport())
    estimator.validate(activity, metered)
    estimator.report.publish()
    return None
