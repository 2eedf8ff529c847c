# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body looks up an nnx.jit step in the module-level _TASKS registry and hands it the CrankGovernor held by the ShiftRunner
"""Lubrication and governor tasks registered for the carousel's crank drive."""

from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

_TASKS: dict[str, Callable] = {}


def task(name: str):
    def register(fn):
        _TASKS[name] = fn
        return fn
    return register


class CrankGovernor(nnx.Module):
    def __init__(self, joints: int, rngs: nnx.Rngs):
        self.friction = nnx.Linear(joints, joints, rngs=rngs)
        self.grease = nnx.Param(jnp.full((joints,), 0.5))

    def __call__(self, load):
        return nnx.softplus(self.friction(load)) * self.grease[...]


@task("lubricate")
@nnx.jit
def lubricate(governor: CrankGovernor, load):
    return governor(load).sum()


class ShiftRunner:
    def __init__(self, governor: CrankGovernor, task_name: str):
        self.governor = governor
        self.task_name = task_name

    def run(self, loads):
        def turn(total, load):
            work = _TASKS[self.task_name](self.governor, load)
            return total + work, work

        return jax.lax.scan(turn, jnp.zeros(()), loads)


def main():
    runner = ShiftRunner(CrankGovernor(4, nnx.Rngs(2)), "lubricate")
    loads = jnp.broadcast_to(jnp.array([0.9, 1.1, 1.0, 0.8]), (5, 4))
    total, per_turn = runner.run(loads)
    jax.block_until_ready((total, per_turn))
    return None
