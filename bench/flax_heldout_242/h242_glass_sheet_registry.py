# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body is a step closure built by a factory looked up in the STEP_FACTORIES decorator registry, closing over the model and its variables
"""Sheet-glass normaliser for a stained-glass workshop; step functions are registered by name."""
from __future__ import annotations

import itertools

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import linen as nn

STEP_FACTORIES = {}


def register(name):
    def decorate(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorate


class SheetNorm(nn.Module):
    @nn.compact
    def __call__(self, sheet, train: bool = True):
        h = nn.Dense(4)(sheet)
        return nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)


@register("anneal")
def anneal_step(model, variables):
    def step(heat, sheet):
        out = model.apply(variables, sheet)
        return heat + out.var(), out.mean()

    return step


@register("inspect")
def inspect_step(model, variables):
    def step(heat, sheet):
        out = model.apply(variables, sheet, train=False)
        return heat, out.mean()

    return step


def run_schedule(name, model, variables, sheets):
    step = STEP_FACTORIES[name](model, variables)
    return lax.scan(step, jnp.zeros(()), sheets)


def workshop_sheets(key):
    cathedral = [jax.random.uniform(jax.random.fold_in(key, i), (6, 3)) for i in range(2)]
    chapel = [jax.random.uniform(jax.random.fold_in(key, 10 + i), (6, 3)) for i in range(2)]
    return jnp.stack(list(itertools.chain(cathedral, chapel)))


def main():
    k_model, k_sheets = jax.random.split(jax.random.key(41))
    sheets = workshop_sheets(k_sheets)
    model = SheetNorm()
    variables = model.init(k_model, sheets[0])
    heat, means = run_schedule("anneal", model, variables, sheets)
    jax.block_until_ready((heat, means))
    return None
