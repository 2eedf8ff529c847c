# label: trace-context
# flax-error: TraceContextError: Cannot mutate RotationCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body reaches the RotationMonitor through MaintenanceService.fleet.monitor(name), and the monitor increments its RotationCount variable
"""Shift simulation for the carousel fleet's rotation monitors."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import nnx


class RotationCount(nnx.Variable):
    pass


class RotationMonitor(nnx.Module):
    def __init__(self, horses: int, rngs: nnx.Rngs):
        self.gain = nnx.Linear(horses, horses, rngs=rngs)
        self.rotations = RotationCount(jnp.zeros((), jnp.int32))

    def __call__(self, load):
        self.rotations[...] += 1
        return jnp.tanh(self.gain(load))


class Fleet:
    def __init__(self, carousels: dict[str, int], seed: int = 0):
        rngs = nnx.Rngs(seed)
        self._monitors = {name: RotationMonitor(horses, rngs) for name, horses in carousels.items()}

    def monitor(self, name: str) -> RotationMonitor:
        return self._monitors[name]


class MaintenanceService:
    def __init__(self, fleet: Fleet):
        self.fleet = fleet

    def run_shift(self, name: str, load, turns: int):
        def turn(_, strain):
            return strain + jnp.abs(self.fleet.monitor(name)(load)).sum()

        return fori_loop(0, turns, turn, jnp.zeros(()))


def main():
    fleet = Fleet({"galloper-a": 6, "jumper-b": 4})
    service = MaintenanceService(fleet)
    strain = service.run_shift("galloper-a", jnp.full((6,), 0.7), turns=5)
    jax.block_until_ready((strain, fleet.monitor("galloper-a").rotations[...]))
    return None
