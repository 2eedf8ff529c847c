# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the FermentationEvaluator keeps an nnx.MultiMetric as self.metrics; the scan body over fermentation boxes calls self.metrics.update(...)
"""Cocoa fermentation: a pulp-temperature model is evaluated box by box; a MultiMetric keeps the scores."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PulpTemperatureModel(nnx.Module):
    def __init__(self, sensors, rngs: nnx.Rngs):
        self.turning = nnx.Linear(sensors, 10, rngs=rngs)
        self.norm = nnx.LayerNorm(10, rngs=rngs)
        self.heat = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, readings):
        return self.heat(nnx.gelu(self.norm(self.turning(readings))))[..., 0]


class FermentationEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            overheat=nnx.metrics.Average("overheat"),
        )

    def _box(self, worst, batch):
        readings, temperature = batch
        predicted = self.model(readings)
        loss = jnp.mean((predicted - temperature) ** 2)
        overheat = jnp.mean((predicted > 50.0).astype(jnp.float32))
        self.metrics.update(loss=loss, overheat=overheat)
        return jnp.maximum(worst, loss), None

    def evaluate(self, readings, temperature):
        self.metrics.reset()
        worst, _ = lax.scan(self._box, jnp.zeros(()), (readings, temperature))
        return {"worst": worst, **self.metrics.compute()}


def main():
    model = PulpTemperatureModel(4, nnx.Rngs(0))
    model.eval()
    readings = jax.random.normal(jax.random.key(1), (8, 5, 4))
    temperature = 45.0 + 3.0 * jax.random.normal(jax.random.key(2), (8, 5))
    scores = FermentationEvaluator(model).evaluate(readings, temperature)
    jax.block_until_ready(scores)
    return None
