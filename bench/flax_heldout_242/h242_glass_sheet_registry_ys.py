# label: ok
# flax-error: none
# class: 5 the scan body is a step closure built by a factory looked up in the STEP_FACTORIES decorator registry; the updated batch_stats leave as ys and are handed on after the scan
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
        out, updates = model.apply(variables, sheet, mutable=["batch_stats"])
        return heat + out.var(), updates["batch_stats"]

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
    heat, per_sheet = run_schedule("anneal", model, variables, sheets)
    variables = {**variables, "batch_stats": jax.tree.map(lambda s: s[-1], per_sheet)}
    _, means = run_schedule("inspect", model, variables, sheets)
    jax.block_until_ready((heat, means))
    return None
