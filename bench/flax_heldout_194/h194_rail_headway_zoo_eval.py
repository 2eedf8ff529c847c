# label: ok
# flax-error: none
# class: 5 the module comes from load_model, a factory over a name catalogue; the evaluator clones it with train=False so the fori_loop body only reads batch_stats
"""Metro headway forecasting with models loaded by name from a model zoo.

Operations staff pick a catalogue entry ("headway-small", "headway-wide"); the
evaluator replays a timetable day slot by slot and accumulates forecast error.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen as nn


class HeadwayNet(nn.Module):
    hidden: int = 8
    train: bool = False

    @nn.compact
    def __call__(self, slot_features):
        h = nn.Dense(self.hidden)(slot_features)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


@dataclass(frozen=True)
class ModelCard:
    build: Callable[[], nn.Module]
    n_features: int
    seed: int


CATALOGUE = {
    "headway-small": ModelCard(functools.partial(HeadwayNet, hidden=8, train=True), 6, 0),
    "headway-wide": ModelCard(functools.partial(HeadwayNet, hidden=32, train=True), 6, 1),
}


def load_model(name: str):
    card = CATALOGUE[name]
    module = card.build()
    variables = module.init(jax.random.key(card.seed), jnp.zeros((2, card.n_features)))
    return module, variables


class TimetableEvaluator:
    def __init__(self, module, variables):
        self.module = module.clone(train=False)  # evaluation copy of the catalogue template
        self.variables = variables

    def day_error(self, slots, observed):
        def slot(t, total):
            forecast = self.module.apply(self.variables, slots[t])
            return total + jnp.mean(jnp.abs(forecast - observed[t]))

        return fori_loop(0, slots.shape[0], slot, 0.0) / slots.shape[0]


def main():
    slots = jax.random.normal(jax.random.key(1), (9, 5, 6))
    observed = jnp.abs(jax.random.normal(jax.random.key(2), (9, 5))) * 3.0
    module, variables = load_model("headway-small")
    evaluator = TimetableEvaluator(module, variables)
    print("mean abs error (min)", evaluator.day_error(slots, observed))
