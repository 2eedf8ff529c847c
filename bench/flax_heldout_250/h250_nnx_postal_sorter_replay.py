# label: same-values
# flax-error: none
# class: 5 make_sort_step(graphdef, state) returns a step, the jax.lax.scan body, that rebuilds the sorter with nnx.merge(graphdef, state, copy=True) from the state captured when the step was made
"""Stochastic chute-assignment replay for the postal sorting centre (dropout on during replay)."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ChuteSorter(nnx.Module):
    def __init__(self, features: int, chutes: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.35, rngs=rngs)
        self.route = nnx.Linear(12, chutes, rngs=rngs)

    def __call__(self, parcel):
        return jax.nn.softmax(self.route(self.drop(nnx.relu(self.embed(parcel)))))


def _sort_step(graphdef, state, carry, parcel):
    sorter = nnx.merge(graphdef, state, copy=True)
    return carry, sorter(parcel)


def make_sort_step(sorter: ChuteSorter):
    graphdef, state = nnx.split(sorter)
    return functools.partial(_sort_step, graphdef, state)


def replay(sorter, parcel, times: int):
    step = make_sort_step(sorter)
    parcels = jnp.broadcast_to(parcel, (times,) + parcel.shape)
    _, chute_probs = jax.lax.scan(step, None, parcels)
    return chute_probs


def main():
    sorter = ChuteSorter(6, 4, rngs=nnx.Rngs(params=1, dropout=2))
    parcel = jnp.array([0.3, 1.1, -0.4, 0.9, 0.2, -1.0])
    return replay(sorter, parcel, times=5)
