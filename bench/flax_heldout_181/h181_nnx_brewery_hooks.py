# label: same-values
# flax-error: none
# class: 5 build_hooks, a factory, returns a named tuple of functions whose perturb is functools.partial(model, rngs=key) with one key drawn from the 'stochastic' stream, called in every fori_loop step
"""Craft-brewery fermentation simulator with stochastic yeast activity.

Simulation hooks are bundled in a named tuple so that alternative yeast models can be
swapped in; the activity model uses dropout as biological noise.
"""
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class YeastActivity(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(2, 8, rngs=rngs)
        self.noise = nnx.Dropout(0.5)

    def __call__(self, wort, rngs=None):
        return nnx.relu(self.noise(self.lin(wort), rngs=rngs))


class Hooks(NamedTuple):
    perturb: Callable
    observe: Callable


def build_hooks(model: YeastActivity, rngs: nnx.Rngs) -> Hooks:
    key = rngs.stochastic()
    return Hooks(
        perturb=functools.partial(model, rngs=key),
        observe=lambda activity: activity.sum(),
    )


def simulate(hooks: Hooks, wort, n_days: int):
    def day(i, sugar_drop):
        activity = hooks.perturb(wort)
        return sugar_drop.at[i].set(hooks.observe(activity))

    return lax.fori_loop(0, n_days, day, jnp.zeros((n_days,)))


def main():
    rngs = nnx.Rngs(params=0, stochastic=1)
    model = YeastActivity(rngs)
    wort = jnp.array([1.055, 18.0])
    sugar_drop = simulate(build_hooks(model, rngs), wort, n_days=7)
    print("daily sugar drop", sugar_drop.tolist())
    return sugar_drop
