# label: same-values
# flax-error: none
# class: 5 FeedPlanner builds functools.partial(model.appetite, key=pen_key) for every pen model in itertools.chain over the species groups; the scan body calls the partial for each Monte-Carlo draw
"""Fish-farm feed planner with Monte-Carlo dropout appetite estimates.

Pens are grouped by species, each pen with its own appetite model. The
planner draws several dropout samples of the appetite per pen and keeps all
draws so the feed barge can plan for the upper quantile.
"""
import functools
import itertools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

DRAWS = 5


class AppetiteModel(nnx.Module):
    def __init__(self, pen_id, rngs: nnx.Rngs):
        self.pen_id = pen_id
        self.hidden = nnx.Linear(4, 12, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.kg = nnx.Linear(12, 1, rngs=rngs)

    def appetite(self, conditions, key):
        h = self.dropout(nnx.relu(self.hidden(conditions)), rngs=key)
        return nnx.softplus(self.kg(h))[0]


class FeedPlanner:
    def __init__(self, groups, key):
        self.samplers = {}
        pens = itertools.chain.from_iterable(groups.values())
        for n, model in enumerate(pens):
            pen_key = jax.random.fold_in(key, n)
            self.samplers[model.pen_id] = functools.partial(model.appetite, key=pen_key)

    def plan(self, conditions):
        draws = {}
        for pen_id, sampler in self.samplers.items():
            def draw(carry, _):
                return carry, sampler(conditions)

            _, draws[pen_id] = scan(draw, None, None, length=DRAWS)
        return draws


def main():
    groups = {
        "salmon": [AppetiteModel("S1", nnx.Rngs(1)), AppetiteModel("S2", nnx.Rngs(2))],
        "trout": [AppetiteModel("T1", nnx.Rngs(3))],
    }
    planner = FeedPlanner(groups, jax.random.key(100))
    conditions = jnp.array([11.5, 7.8, 0.4, 1.0])
    return planner.plan(conditions)
