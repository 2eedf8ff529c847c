# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the evaluator's nnx.MultiMetric attribute is updated inside the scan body over weekly batches
"""Store-level demand forecaster: weekly backtest accumulating loss and error metrics."""
import jax
import jax.numpy as jnp
from flax import nnx


class DemandModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.trend = nnx.Linear(features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.trend(x))))[:, 0]


class BacktestEvaluator:
    def __init__(self, model: DemandModel):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            mape=nnx.metrics.Average("mape"),
        )

    def run(self, weekly_x, weekly_units):
        self.metrics.reset()

        def body(weeks, batch):
            x, units = batch
            pred = self.model(x)
            self.metrics.update(
                loss=jnp.mean((pred - units) ** 2),
                mape=jnp.mean(jnp.abs(pred - units) / (units + 1.0)),
            )
            return weeks + 1, None

        weeks, _ = jax.lax.scan(body, 0, (weekly_x, weekly_units))
        return weeks, self.metrics.compute()


def main():
    weekly_x = jax.random.uniform(jax.random.key(5), (8, 12, 6))
    weekly_units = 10.0 * weekly_x.sum(-1)
    weeks, report = BacktestEvaluator(DemandModel(6, rngs=nnx.Rngs(0))).run(weekly_x, weekly_units)
    print(int(weeks), {k: float(v) for k, v in report.items()})
    return None
