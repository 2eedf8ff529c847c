# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 YieldEvaluator.tracker.metrics (an nnx.MultiMetric) and YieldEvaluator.room.model are reached in the scan body, which updates the metrics
"""Mushroom farm climate: evaluate a flush-yield model against a grow room's daily log.

The evaluator keeps nnx.metrics in a tracker object shared with the dashboard exporter,
and walks the cropping cycle day by day with a scan (casing moisture carries over).
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class FlushYield(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.climate = nnx.Linear(4, 8, rngs=rngs)
        self.yield_head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, climate, moisture):
        h = nnx.relu(self.climate(climate))
        return nnx.softplus(self.yield_head(h))[0] * moisture  # kg / m^2


class GrowRoom:
    def __init__(self, name, model):
        self.name, self.model = name, model


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            bias=nnx.metrics.Average("bias"),
        )


class YieldEvaluator:
    def __init__(self, room, tracker):
        self.room, self.tracker = room, tracker

    def evaluate_cycle(self, climate_log, harvested):
        def day(moisture, inputs):
            climate, actual = inputs
            predicted = self.room.model(climate, moisture)
            self.tracker.metrics.update(mae=jnp.abs(predicted - actual), bias=predicted - actual)
            return 0.9 * moisture + 0.1 * climate[2], predicted

        _, predicted = lax.scan(day, jnp.ones(()), (climate_log, harvested))
        return predicted, self.tracker.metrics.compute()


def main():
    days = 21
    climate_log = jax.random.uniform(jax.random.key(6), (days, 4))  # CO2, air temp, RH, airflow
    harvested = jnp.abs(jax.random.normal(jax.random.key(7), (days,)))
    evaluator = YieldEvaluator(GrowRoom("room-3", FlushYield(rngs=nnx.Rngs(0))), MetricTracker())
    predicted, summary = evaluator.evaluate_cycle(climate_log, harvested)
    jax.block_until_ready((predicted, summary))
    return None
