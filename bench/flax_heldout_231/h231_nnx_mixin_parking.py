# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 OccupancyEvaluator.evaluate (LoopMixin) -> self.record (MetricsMixin) updates self.metrics, an nnx.MultiMetric, inside the scan body
"""Occupancy-forecast evaluation for a multi-storey parking garage.

The evaluator is assembled from the mixins the operator's analytics code uses for every model:
the forward mixin scores a batch of level counts, the metrics mixin keeps running averages, the
loop mixin walks the evaluation days.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class OccupancyNet(nnx.Module):
    def __init__(self, levels: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(levels, 16, rngs=rngs)
        self.out = nnx.Linear(16, levels, rngs=rngs)

    def __call__(self, counts):
        return nnx.sigmoid(self.out(nnx.relu(self.hidden(counts))))


class ForwardMixin:
    def loss(self, counts, next_counts):
        return jnp.mean((self.model(counts) - next_counts) ** 2)


class MetricsMixin:
    def reset_metrics(self):
        self.metrics = nnx.MultiMetric(mse=nnx.metrics.Average("mse"))

    def record(self, mse):
        self.metrics.update(mse=mse)


class LoopMixin:
    def evaluate(self, days):
        def day(carry, pair):
            counts, next_counts = pair
            self.record(self.loss(counts, next_counts))
            return carry + 1, None

        lax.scan(day, 0, (days[:-1], days[1:]))
        return self.metrics.compute()


class OccupancyEvaluator(LoopMixin, ForwardMixin, MetricsMixin):
    def __init__(self, model: OccupancyNet):
        self.model = model
        self.reset_metrics()


def main():
    days = jax.random.uniform(jax.random.key(31), (8, 24, 5))  # days x hours x levels
    evaluator = OccupancyEvaluator(OccupancyNet(5, nnx.Rngs(0)))
    summary = evaluator.evaluate(days)
    jax.block_until_ready(summary)
    return None
