# label: ok
# flax-error: none
# class: 4 OccupancyEvaluator.evaluate (LoopMixin) returns the per-day losses as scan ys; self.record (MetricsMixin) updates the nnx.MultiMetric after the loop
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
            return carry + 1, self.loss(counts, next_counts)

        _, losses = lax.scan(day, 0, (days[:-1], days[1:]))
        self.record(losses)
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
