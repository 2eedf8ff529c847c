# label: ok
# flax-error: none
# class: 3 the FermentationEvaluator keeps an nnx.MultiMetric as self.metrics; the scan body returns each box's loss and overheat fraction as ys and self.metrics.update runs after the loop
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
        return jnp.maximum(worst, loss), (loss, overheat)

    def evaluate(self, readings, temperature):
        self.metrics.reset()
        worst, (losses, overheats) = lax.scan(self._box, jnp.zeros(()), (readings, temperature))
        self.metrics.update(loss=losses, overheat=overheats)
        return {"worst": worst, **self.metrics.compute()}


def main():
    model = PulpTemperatureModel(4, nnx.Rngs(0))
    model.eval()
    readings = jax.random.normal(jax.random.key(1), (8, 5, 4))
    temperature = 45.0 + 3.0 * jax.random.normal(jax.random.key(2), (8, 5))
    scores = FermentationEvaluator(model).evaluate(readings, temperature)
    jax.block_until_ready(scores)
    return None
