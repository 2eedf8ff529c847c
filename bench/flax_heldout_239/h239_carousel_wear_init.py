# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BearingWearModel.__call__ runs the while_loop itself and its setup submodule creates its params inside the loop body during init
"""Bearing wear projection for the carousel maintenance planner."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class WearSpec(NamedTuple):
    bearings: int = 5
    rounds: int = 4
    seed: int = 3


class BearingWearModel(nn.Module):
    bearings: int
    rounds: int

    def setup(self):
        self.rollover = nn.Dense(self.bearings, name="rollover")
        self.floor = self.param("floor", nn.initializers.constant(0.05), (self.bearings,))

    def __call__(self, load):
        def keep_going(state):
            round_index, _ = state
            return round_index < self.rounds

        def one_round(state):
            round_index, wear = state
            wear = wear + nn.softplus(self.rollover(wear)) * self.floor
            return round_index + 1, wear

        _, wear = lax.while_loop(keep_going, one_round, (jnp.int32(0), load))
        return wear


class MaintenancePlanner:
    def __init__(self, spec: WearSpec):
        self.spec = spec
        self.model = BearingWearModel(spec.bearings, spec.rounds)
        self.variables = None

    def calibrate(self, load):
        self.variables = self.model.init(jax.random.key(self.spec.seed), load)
        return self

    def project(self, load):
        return self.model.apply(self.variables, load)


def nightly_load(spec: WearSpec):
    return jnp.linspace(0.2, 0.6, spec.bearings)


def main():
    spec = WearSpec()
    load = nightly_load(spec)
    planner = MaintenancePlanner(spec).calibrate(load)
    wear = planner.project(load)
    jax.block_until_ready(wear)
    return None
