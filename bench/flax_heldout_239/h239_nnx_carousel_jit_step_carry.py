# label: ok
# flax-error: none
# class: 5 the scan body looks up an nnx.jit step in the module-level _TASKS registry; the ShiftRunner's CrankGovernor is split before the scan, rides in the carry and is merged in the body
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
        graphdef, state = nnx.split(self.governor)

        def turn(carry, load):
            total, state = carry
            governor = nnx.merge(graphdef, state)
            work = _TASKS[self.task_name](governor, load)
            return (total + work, nnx.state(governor)), work

        (total, state), per_turn = jax.lax.scan(turn, (jnp.zeros(()), state), loads)
        nnx.update(self.governor, state)
        return total, per_turn


def main():
    runner = ShiftRunner(CrankGovernor(4, nnx.Rngs(2)), "lubricate")
    loads = jnp.broadcast_to(jnp.array([0.9, 1.1, 1.0, 0.8]), (5, 4))
    total, per_turn = runner.run(loads)
    jax.block_until_ready((total, per_turn))
    return None
