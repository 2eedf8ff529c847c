# label: ok
# flax-error: none
# class: 5 make_sort_step(graphdef) returns a step, the jax.lax.scan body, that rebuilds the sorter with nnx.merge from the state threaded through the carry and returns its new state
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


def _sort_step(graphdef, state, parcel):
    sorter = nnx.merge(graphdef, state)
    probs = sorter(parcel)
    return nnx.state(sorter), probs


def make_sort_step(sorter: ChuteSorter):
    graphdef, state = nnx.split(sorter)
    return functools.partial(_sort_step, graphdef), state


def replay(sorter, parcel, times: int):
    step, state = make_sort_step(sorter)
    parcels = jnp.broadcast_to(parcel, (times,) + parcel.shape)
    state, chute_probs = jax.lax.scan(step, state, parcels)
    nnx.update(sorter, state)
    return chute_probs


def main():
    sorter = ChuteSorter(6, 4, rngs=nnx.Rngs(params=1, dropout=2))
    parcel = jnp.array([0.3, 1.1, -0.4, 0.9, 0.2, -1.0])
    return replay(sorter, parcel, times=5)
