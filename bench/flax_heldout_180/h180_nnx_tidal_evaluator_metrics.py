# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the TidalEvaluator's MetricReporter holds an nnx.MultiMetric that the scan body updates as self.reporter.metrics
"""Tidal-stream energy: evaluates a turbine power forecaster over a spring-neap cycle.

Metrics are accumulated with nnx.metrics and reported per evaluation run.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


class PowerForecaster(nnx.Module):
    def __init__(self, features: int, hidden: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(features, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))[..., 0]


class MetricReporter:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            rmse_sq=nnx.metrics.Average("sq"),
        )

    def summary(self):
        values = self.metrics.compute()
        return {"mae": values["mae"], "rmse": jnp.sqrt(values["rmse_sq"])}


class TidalEvaluator:
    def __init__(self, model: PowerForecaster):
        self.model = model
        self.reporter = MetricReporter()

    def evaluate(self, features, power):
        def tide_step(carry, batch):
            x, y = batch
            err = self.model(x) - y
            self.reporter.metrics.update(mae=jnp.abs(err), sq=err**2)
            return carry + 1, None

        scan(tide_step, 0, (features, power))
        return self.reporter.summary()


def spring_neap(hours: int, turbines: int, key):
    t = jnp.arange(hours)[:, None] / 12.42
    current = jnp.sin(2 * jnp.pi * t) * (1.0 + 0.3 * jnp.sin(2 * jnp.pi * t / 28.0))
    x = jnp.concatenate([current, current**2, jax.random.normal(key, (hours, 2))], axis=-1)
    x = jnp.broadcast_to(x[:, None, :], (hours, turbines, 4))
    return x, jnp.clip(x[..., 0] ** 3, 0.0, None)


def main():
    features, power = spring_neap(48, 10, jax.random.key(3))
    evaluator = TidalEvaluator(PowerForecaster(4, 16, rngs=nnx.Rngs(0)))
    summary = evaluator.evaluate(features, power)
    jax.block_until_ready(summary)
    return None
