# label: ok
# flax-error: none
# class: 3 the scan body in IrrigationPlanner.sample_paths merges the nnx.split state of self.model, the planner's dropout model attribute, carried through the scan
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
        graphdef, state = nnx.split(self.model)

        def draw(carry, _):
            state, lowest = carry
            model = nnx.merge(graphdef, state)
            moisture = model(field)
            return (nnx.state(model), jnp.minimum(lowest, moisture)), moisture

        (state, lowest), samples = lax.scan(draw, (state, jnp.ones_like(field)), None, length=n_samples)
        nnx.update(self.model, state)
        return samples

    def schedule(self, field, n_samples=6):
        samples = self.sample_paths(field, n_samples)
        return samples, jnp.quantile(samples, 0.1, axis=0) < self.threshold


def main():
    planner = IrrigationPlanner(SoilMoistureNet(8, nnx.Rngs(params=0, dropout=1)))
    field = jax.random.uniform(jax.random.key(2), (8,))
    samples, water = planner.schedule(field)
    return samples
