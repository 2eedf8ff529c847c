# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a CrowdingEvaluator's scan body calls record() on its injected MetricsBundle, which updates the nnx.MultiMetric it holds
"""Subway platform crowding forecaster: offline evaluation over a day of five-minute slices."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class CrowdingModel(nnx.Module):
    def __init__(self, stations: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(stations, 24, rngs=rngs)
        self.out = nnx.Linear(24, stations, rngs=rngs)

    def __call__(self, counts):
        return nnx.softplus(self.out(nnx.tanh(self.embed(counts))))


class MetricsBundle:
    def __init__(self):
        self.collection = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            abs_error=nnx.metrics.Average("abs_error"),
        )

    def record(self, loss, abs_error):
        self.collection.update(loss=loss, abs_error=abs_error)

    def report(self):
        return {k: float(v) for k, v in self.collection.compute().items()}


class CrowdingEvaluator:
    def __init__(self, model: CrowdingModel, metrics: MetricsBundle):
        self.model = model
        self.metrics = metrics

    def evaluate(self, inputs, targets):
        def slice_step(carry, batch):
            counts, target = batch
            pred = self.model(counts)
            self.metrics.record(jnp.mean((pred - target) ** 2), jnp.mean(jnp.abs(pred - target)))
            return carry + 1, None

        lax.scan(slice_step, 0, (inputs, targets))
        return self.metrics.report()


def main():
    stations = 9
    inputs = jnp.abs(jax.random.normal(jax.random.key(0), (36, stations))) * 50.0
    targets = jnp.roll(inputs, -1, axis=0)
    evaluator = CrowdingEvaluator(CrowdingModel(stations, nnx.Rngs(0)), MetricsBundle())
    print(evaluator.evaluate(inputs / 50.0, targets / 50.0))
    return None
