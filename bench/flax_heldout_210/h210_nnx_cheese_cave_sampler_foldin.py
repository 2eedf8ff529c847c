# label: ok
# flax-error: none
# class: 5 make_aging_sampler returns a step function that merges the nnx.split state carried by the scan, reseeds the model's dropout stream from the factory's seed folded with the week and calls the model
"""Cheese cave: sample ripeness trajectories of a wheel batch under cave humidity noise."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class RipenessModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.climate = nnx.Linear(3, 16, rngs=rngs)
        self.noise = nnx.Dropout(0.4, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, cave):
        return nnx.sigmoid(self.score(self.noise(nnx.gelu(self.climate(cave)))))[..., 0]


def make_aging_sampler(graphdef, cave, seed):
    """Each weekly draw is reseeded so that a run can be reproduced from its seed."""

    def step(state, week):
        model = nnx.merge(graphdef, state)
        nnx.reseed(model, dropout=jax.random.fold_in(jax.random.key(seed), week))
        ripeness = model(cave)
        return nnx.state(model), ripeness

    return step


class AgingPlanner:
    def __init__(self, model, seed, weeks=8):
        self.graphdef, self.state = nnx.split(model)
        self.seed = seed
        self.weeks = weeks

    def sample(self, cave):
        step = make_aging_sampler(self.graphdef, cave, self.seed)
        self.state, trajectory = scan(step, self.state, jnp.arange(self.weeks))
        return trajectory


def main():
    cave = jnp.array([[0.92, 11.5, 0.3], [0.88, 12.0, 0.5], [0.95, 10.8, 0.2]])  # wheels x (humidity, temp, airflow)
    planner = AgingPlanner(RipenessModel(rngs=nnx.Rngs(params=0, dropout=1)), seed=2024)
    return planner.sample(cave)
