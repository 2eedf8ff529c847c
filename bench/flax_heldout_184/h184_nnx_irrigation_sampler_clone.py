# label: same-values
# flax-error: none
# class: 3 the scan body in IrrigationPlanner.sample_paths takes nnx.clone(self.model), a copy of the planner's dropout model attribute, at every step
"""Irrigation planner for a vineyard: a soil-moisture model with dropout is sampled
several times over the same field state to get a spread of next-day moisture; the
planner waters when the pessimistic samples fall below the threshold."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SoilMoistureNet(nnx.Module):
    def __init__(self, n_sensors, rngs):
        self.hidden = nnx.Linear(n_sensors, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(24, n_sensors, rngs=rngs)

    def __call__(self, moisture):
        return nnx.sigmoid(self.out(self.drop(nnx.relu(self.hidden(moisture)))))


class IrrigationPlanner:
    def __init__(self, model, threshold=0.35):
        self.model = model
        self.threshold = threshold

    def sample_paths(self, field, n_samples):
        def draw(lowest, _):
            model = nnx.clone(self.model)
            moisture = model(field)
            return jnp.minimum(lowest, moisture), moisture

        lowest, samples = lax.scan(draw, jnp.ones_like(field), None, length=n_samples)
        return samples

    def schedule(self, field, n_samples=6):
        samples = self.sample_paths(field, n_samples)
        return samples, jnp.quantile(samples, 0.1, axis=0) < self.threshold


def main():
    planner = IrrigationPlanner(SoilMoistureNet(8, nnx.Rngs(params=0, dropout=1)))
    field = jax.random.uniform(jax.random.key(2), (8,))
    samples, water = planner.schedule(field)
    return samples
