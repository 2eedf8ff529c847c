# label: same-values
# flax-error: none
# class: 4 FermentationScheduler.sampler -> JitterSampler.draw -> model.apply(..., rngs={'jitter': sampler.key}) in the fori_loop body, the same key every hour
"""Brewery fermentation scheduling: a setpoint model proposes wort-temperature jitter
around the recipe profile; the scheduler draws one jitter sample per hour of the run."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class Recipe:
    style: str = "saison"
    hours: int = 12
    base_temp: float = 20.5
    spread: float = 0.8


class SetpointJitter(nn.Module):
    spread: float

    @nn.compact
    def __call__(self, recipe_features):
        scale = nn.softplus(nn.Dense(1)(recipe_features))[0]
        return self.spread * scale * jax.random.normal(self.make_rng("jitter"), ())


class JitterSampler:
    def __init__(self, model, variables, key):
        self.model = model
        self.variables = variables
        self.key = key

    def draw(self, recipe_features, hour):
        return self.model.apply(self.variables, recipe_features, rngs={"jitter": self.key})


class FermentationScheduler:
    def __init__(self, recipe: Recipe, sampler: JitterSampler):
        self.recipe = recipe
        self.sampler = sampler

    def jitter_plan(self, recipe_features):
        def hour(i, plan):
            return plan.at[i].set(self.sampler.draw(recipe_features, i))

        return jax.lax.fori_loop(0, self.recipe.hours, hour, jnp.zeros((self.recipe.hours,)))


def main():
    recipe = Recipe()
    features = jnp.array([1.052, 0.18, 6.5])
    model = SetpointJitter(recipe.spread)
    variables = model.init({"params": jax.random.key(51), "jitter": jax.random.key(52)}, features)
    scheduler = FermentationScheduler(recipe, JitterSampler(model, variables, jax.random.key(53)))
    return scheduler.jitter_plan(features)
