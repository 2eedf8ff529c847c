# label: ok
# flax-error: none
# class: 5 a factory builds the scan step from the yield model and the planner splits a key drawn from model.rngs into one key per draw, which the scan feeds to the step
"""Dairy herd milk yield planning.

The quota planner needs a spread of next-month herd yields; each draw adds weather-driven
noise to the yield model's prediction. Steps are built by a factory so that the planner can
swap noise models per region.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

HERD = jax.random.uniform(jax.random.key(11), (9, 4))  # the herd register, one row per cow


@dataclasses.dataclass(frozen=True)
class PlanningOptions:
    draws: int = 6
    noise_scale: float = 0.8


class MilkYieldModel(nnx.Module):
    def __init__(self, cow_features, seed):
        self.rngs = nnx.Rngs(params=seed, weather=seed + 100)
        self.yield_head = nnx.Linear(cow_features, 1, rngs=self.rngs)

    def __call__(self, herd):
        return 25.0 + 5.0 * nnx.tanh(self.yield_head(herd))[:, 0]


def make_draw_step(model, options):
    def step(total, weather_key):
        litres = model(HERD) + options.noise_scale * jax.random.normal(weather_key, (HERD.shape[0],))
        return total + litres.sum(), litres

    return step


class QuotaPlanner:
    def __init__(self, model, options, step_factory):
        self.model = model
        self.options = options
        self.step = step_factory(model, options)

    def draws(self):
        keys = jax.random.split(self.model.rngs.weather(), self.options.draws)
        _, litres = jax.lax.scan(self.step, jnp.zeros(()), keys)
        return litres



def main():
    model = MilkYieldModel(4, seed=0)
    planner = QuotaPlanner(model, PlanningOptions(), make_draw_step)
    return planner.draws()
