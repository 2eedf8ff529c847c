# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 InspectionService.inspect runs a jax.checkpoint-wrapped step from its Inspector in a fori_loop; the step calls inspector.model left in train() mode
"""Carousel maintenance: nightly inspection of the rounding-board lights and sweep motors.

The health model is trained elsewhere and handed to the inspection service as-is. The per-horse
step is wrapped in jax.checkpoint because the service also differentiates it for sensitivity
reports.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SweepHealth(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(sensors, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.score(nnx.relu(self.norm(self.proj(x))))).squeeze(-1)


class Inspector:
    def __init__(self, model: SweepHealth):
        self.model = model

    def make_step(self, readings):
        def step(i, worst):
            return jnp.maximum(worst, jnp.max(self.model(readings[i])))
        return jax.checkpoint(step)


class InspectionService:
    def __init__(self, inspector: Inspector):
        self.inspector = inspector

    def inspect(self, readings):
        step = self.inspector.make_step(readings)
        return lax.fori_loop(0, readings.shape[0], step, jnp.zeros(()))


def main():
    model = SweepHealth(5, nnx.Rngs(0))
    model.train()  # left over from the training job
    service = InspectionService(Inspector(model))
    readings = jax.random.normal(jax.random.key(3), (7, 4, 5))
    print("worst horse score", float(service.inspect(readings)))
    return None
