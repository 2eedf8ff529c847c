# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nnx.MultiMetric and model of a RinkEvaluator held by a NightlyReport; the scan body updates report.evaluator.metrics
"""Ice rink quality: nightly evaluation of a surface-hardness model against probe readings."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class IceQualityNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))[..., 0]


class RinkEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            abs_error=nnx.metrics.Average("abs_error"),
        )

    def observe(self, readings, hardness):
        pred = self.model(readings)
        self.metrics.update(loss=jnp.mean((pred - hardness) ** 2), abs_error=jnp.mean(jnp.abs(pred - hardness)))


class NightlyReport:
    def __init__(self, evaluator: RinkEvaluator):
        self.evaluator = evaluator

    def run(self, passes, hardness):
        def body(carry, batch):
            self.evaluator.observe(*batch)
            return carry, None

        scan(body, None, (passes, hardness))
        return self.evaluator.metrics.compute()


def main():
    report = NightlyReport(RinkEvaluator(IceQualityNet(nnx.Rngs(0))))
    passes = jax.random.normal(jax.random.key(1), (5, 10, 4))  # resurfacing passes x probes x features
    hardness = jax.random.normal(jax.random.key(2), (5, 10))
    report.run(passes, hardness)
