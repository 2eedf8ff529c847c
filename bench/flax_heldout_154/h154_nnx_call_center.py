# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 StaffingBacktest.metrics is an nnx.MultiMetric attribute; the fori_loop body updates it for each replayed interval
"""Call-centre staffing forecaster: backtest over replayed 15-minute intervals.

The backtest replays historical intervals through the forecaster and keeps
running error metrics with nnx.metrics, as the dashboard expects.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class StaffingNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(5, 10, rngs=rngs)
        self.agents = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.agents(nnx.relu(self.trunk(x))))[0]


class StaffingBacktest:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(abs_error=nnx.metrics.Average("abs_error"))

    def replay(self, intervals, needed):
        def body(i, worst):
            predicted = self.model(intervals[i])
            err = jnp.abs(predicted - needed[i])
            self.metrics.update(abs_error=err)
            return jnp.maximum(worst, err)

        worst = lax.fori_loop(0, intervals.shape[0], body, jnp.zeros(()))
        return worst, self.metrics.compute()


def main():
    model = StaffingNet(nnx.Rngs(0))
    intervals = jax.random.uniform(jax.random.key(3), (16, 5))
    needed = 3.0 * intervals.sum(-1)
    StaffingBacktest(model).replay(intervals, needed)
    return None
