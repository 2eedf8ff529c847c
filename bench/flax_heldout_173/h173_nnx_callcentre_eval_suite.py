# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 BacktestHarness.run's scan body updates self.suite.metrics, an nnx.MultiMetric owned by the suite object
"""Backtest harness for a call-centre abandonment forecaster.

For each historical day the model forecasts the share of callers who hang up before an agent
answers, given staffing, queue length and the hour profile. The harness scans the days and
feeds an evaluation suite of several NNX metrics.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class AbandonmentModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(n_features, 16, rngs=rngs)
        self.lin2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.lin2(nnx.tanh(self.lin1(x))))[..., 0]


class EvaluationSuite:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            brier=nnx.metrics.Average("brier"),
            abs_error=nnx.metrics.Average("abs_error"),
        )

    def report(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


class BacktestHarness:
    def __init__(self, model: AbandonmentModel, suite: EvaluationSuite):
        self.model = model
        self.suite = suite

    def run(self, days_x, days_y):
        def body(count, day):
            x, y = day
            p = self.model(x)
            self.suite.metrics.update(brier=(p - y) ** 2, abs_error=jnp.abs(p - y))
            return count + 1, None

        count, _ = lax.scan(body, 0, (days_x, days_y))
        return count


def main():
    model = AbandonmentModel(6, nnx.Rngs(0))
    days_x = jax.random.normal(jax.random.key(1), (7, 32, 6))
    days_y = jax.random.uniform(jax.random.key(2), (7, 32), maxval=0.3)
    harness = BacktestHarness(model, EvaluationSuite())
    harness.run(days_x, days_y)
    print(harness.suite.report())
    return None
