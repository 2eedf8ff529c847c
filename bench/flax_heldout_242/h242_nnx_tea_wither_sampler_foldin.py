# label: ok
# flax-error: none
# class: 3 the fori_loop body folds the hour into a key drawn before the loop from the WitherSampler's rngs attribute
"""Withering-hour sampler: the same leaf batch is scored each hour under fresh sensor jitter."""
from __future__ import annotations

import dataclasses
import itertools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class LeafScorer(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.head = nnx.Linear(sensors, 1, rngs=rngs)

    def __call__(self, leaf):
        return nnx.sigmoid(self.head(leaf)).squeeze(-1)


@dataclasses.dataclass
class WitherSampler:
    scorer: LeafScorer
    rngs: nnx.Rngs
    hours: int = 5
    jitter: float = 0.05

    def sample(self, leaf):
        session = self.rngs.wither()

        def hour(i, log):
            noise = self.jitter * jax.random.normal(jax.random.fold_in(session, i), leaf.shape)
            return log.at[i].set(self.scorer(leaf + noise))

        return lax.fori_loop(0, self.hours, hour, jnp.zeros((self.hours, leaf.shape[0])))


def plucked_leaf():
    morning = [[0.71, 0.20, 0.35, 0.10], [0.65, 0.25, 0.30, 0.12]]
    afternoon = [[0.58, 0.31, 0.28, 0.20]]
    return jnp.asarray(list(itertools.chain(morning, afternoon)))


def main():
    sampler = WitherSampler(scorer=LeafScorer(4, nnx.Rngs(params=0)), rngs=nnx.Rngs(wither=1))
    return sampler.sample(plucked_leaf())
