# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_proofing_schedule(model) returns with_variables(variables), which returns the step function the jax.lax.while_loop runs; the step applies the model in training mode without mutable batch_stats
"""Dough proofing controller for an industrial bakery line."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ProofingRecipe:
    trays: int = 8
    sensors: int = 4
    target_rise: float = 1.8
    max_stages: int = 12


class RiseEstimator(nn.Module):
    @nn.compact
    def __call__(self, chamber, train: bool = False):
        h = nn.Dense(12)(chamber)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return 0.05 + nn.softplus(nn.Dense(1)(nn.swish(h)))[..., 0] * 0.1


def make_proofing_schedule(model: nn.Module, *, train: bool = True):
    def with_variables(variables):
        def step(state):
            stage, rise, chamber = state
            growth = model.apply(variables, chamber, train=train)
            chamber = chamber * 0.98 + 0.02
            return stage + 1, rise + growth, chamber

        return step

    return with_variables


class ProofingLine:
    def __init__(self, recipe: ProofingRecipe, model: nn.Module, variables):
        self.recipe = recipe
        self.step = make_proofing_schedule(model)(variables)

    def proof(self, chamber):
        recipe = self.recipe

        def still_rising(state):
            stage, rise, _ = state
            return (stage < recipe.max_stages) & (rise.mean() < recipe.target_rise)

        state0 = (jnp.int32(0), jnp.ones((recipe.trays,)), chamber)
        stages, rise, _ = jax.lax.while_loop(still_rising, self.step, state0)
        return stages, rise


def main():
    recipe = ProofingRecipe()
    chamber = jax.random.uniform(jax.random.key(9), (recipe.trays, recipe.sensors))
    model = RiseEstimator()
    variables = model.init(jax.random.key(0), chamber)
    line = ProofingLine(recipe, model, variables)
    stages, rise = line.proof(chamber)
    print("stages", int(stages), "rise", float(rise.mean()))
    return None
