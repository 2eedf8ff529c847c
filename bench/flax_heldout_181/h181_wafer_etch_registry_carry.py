# label: ok
# flax-error: none
# class: 5 a decorator registry maps recipe names to factories returning jax.checkpoint-wrapped steps; the step carries batch_stats and run_recipe writes them onto the RecipeState after the scan
"""Plasma-etch endpoint estimation for semiconductor wafers.

Step functions for each recipe are produced by factories registered with a decorator;
the etch-rate network normalises chamber readings with BatchNorm.
"""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn

STEP_FACTORIES: Dict[str, Callable] = {}


def register(name: str):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorator


class EtchRateNet(nn.Module):
    @nn.compact
    def __call__(self, reading, train: bool = True):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(reading)
        return nn.softplus(nn.Dense(1)(h))[:, 0]


class RecipeState:
    def __init__(self, model: EtchRateNet, variables):
        self.model = model
        self.variables = variables


@register("plasma_etch")
def make_etch_step(recipe: RecipeState):
    params = {"params": recipe.variables["params"]}

    def step(carry, reading):
        depth, stats = carry
        rate, updates = recipe.model.apply({**params, "batch_stats": stats}, reading, mutable=["batch_stats"])
        return (depth + rate.mean(), updates["batch_stats"]), rate.mean()

    return jax.checkpoint(step)


def run_recipe(name: str, recipe: RecipeState, readings):
    step = STEP_FACTORIES[name](recipe)
    (depth, stats), rates = jax.lax.scan(step, (jnp.zeros(()), recipe.variables["batch_stats"]), readings)
    recipe.variables = {**recipe.variables, "batch_stats": stats}
    return depth, rates


def main():
    readings = jax.random.uniform(jax.random.key(0), (12, 4, 6), minval=0.5, maxval=2.0)
    model = EtchRateNet()
    recipe = RecipeState(model, model.init(jax.random.key(1), readings[0], train=False))
    depth, rates = run_recipe("plasma_etch", recipe, readings)
    stats = recipe.variables["batch_stats"]["BatchNorm_0"]
    print("depth", float(depth), "chamber mean", float(jnp.mean(stats["mean"])))
    return None
