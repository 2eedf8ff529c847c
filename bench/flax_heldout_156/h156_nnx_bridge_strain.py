# label: same-values
# flax-error: none
# class: 1 StrainSimulator.rollout splits itself and scans its own step, which merges the carried state with copy=True and returns the carry unchanged
"""Bridge strain-gauge simulation: a generic simulator base with an abstract step method."""
import functools
from typing import Generic, TypeVar

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

StateT = TypeVar("StateT")


class BaseSimulator(nnx.Module, Generic[StateT]):
    def step(self, graphdef, state: StateT, _):
        raise NotImplementedError

    def rollout(self, days):
        graphdef, state = nnx.split(self)
        _, draws = scan(functools.partial(self.step, graphdef), state, None, length=days)
        return draws


class StrainSimulator(BaseSimulator[nnx.State]):
    def __init__(self, gauges, seed):
        self.response = nnx.Linear(gauges, gauges, rngs=nnx.Rngs(seed))
        self.rngs = nnx.Rngs(traffic=seed + 1)
        self.gauges = gauges

    def step(self, graphdef, state, _):
        # defensive copy: the caller's state must not be mutated by the draw
        sim = nnx.merge(graphdef, state, copy=True)
        traffic = jax.random.normal(sim.rngs.traffic(), (sim.gauges,))
        strain = sim.response(traffic)
        return state, {"traffic": traffic, "strain": strain}


def main():
    simulator = StrainSimulator(gauges=5, seed=3)
    return simulator.rollout(days=6)
