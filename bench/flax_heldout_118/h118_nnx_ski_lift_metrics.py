# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the season replay goes through self.evaluator.model for predictions and self.evaluator.record(), which updates the evaluator's nnx.MultiMetric, inside the scan body
"""Ski lift queue prediction: replay a season of five-minute gate counts through the
wait-time model and report its error per lift, for the resort's operations review."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class WaitTimeModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, gates):
        return nnx.softplus(self.head(nnx.relu(self.body(gates))))[..., 0]


class LiftEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            mse=nnx.metrics.Average("mse"),
            abs_err=nnx.metrics.Average("abs_err"),
        )

    def record(self, prediction, target):
        err = prediction - target
        self.metrics.update(mse=(err ** 2).mean(), abs_err=jnp.abs(err).mean())


class SeasonReplay:
    def __init__(self, evaluator):
        self.evaluator = evaluator

    def replay(self, gates, waits):
        def interval(carry, batch):
            g, w = batch
            prediction = self.evaluator.model(g)
            self.evaluator.record(prediction, w)
            return carry, None

        lax.scan(interval, None, (gates, waits))
        return self.evaluator.metrics.compute()


def main():
    kg, kw = jax.random.split(jax.random.key(12))
    gates = jax.random.uniform(kg, (20, 4, 6))  # intervals x lifts x gate features
    waits = 10.0 * jax.random.uniform(kw, (20, 4))
    evaluator = LiftEvaluator(WaitTimeModel(6, nnx.Rngs(0)))
    SeasonReplay(evaluator).replay(gates, waits)
    return None
