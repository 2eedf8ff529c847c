# label: ok
# flax-error: none
# class: 4 the nnx.MultiMetric on GrowRoomEvaluator.tracker (MetricsTracker).metrics is updated after the jax.lax.scan from the per-batch errors returned as ys
"""Grow-room humidity model evaluation for a mushroom farm.

A regressor predicts relative humidity an hour ahead from CO2, substrate temperature, fan duty
and misting; the nightly evaluator streams the day's batches through it and reports MAE and
mean squared error on the farm dashboard.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HumidityRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.swish(self.hidden(x)))[..., 0]


class MetricsTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("abs_err"),
            mse=nnx.metrics.Average("sq_err"),
        )

    def log(self, **values):
        self.metrics.update(**values)

    def report(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class GrowRoomEvaluator:
    def __init__(self, model: HumidityRegressor):
        self.model = model
        self.tracker = MetricsTracker()

    def evaluate(self, batches):
        def one_batch(carry, batch):
            x, y = batch
            err = self.model(x) - y
            return carry, (jnp.abs(err).mean(), (err ** 2).mean())

        _, (abs_errs, sq_errs) = jax.lax.scan(one_batch, None, batches)
        for abs_err, sq_err in zip(abs_errs, sq_errs):
            self.tracker.log(abs_err=abs_err, sq_err=sq_err)
        return self.tracker.report()


def main():
    x = jnp.linspace(0.0, 1.0, 4 * 10 * 4).reshape(4, 10, 4)
    y = 0.6 + 0.3 * x[..., 3] - 0.1 * x[..., 1]
    evaluator = GrowRoomEvaluator(HumidityRegressor(nnx.Rngs(0)))
    evaluator.evaluate((x, y))
    return None
