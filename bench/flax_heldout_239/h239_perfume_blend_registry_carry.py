# label: ok
# flax-error: none
# class: 5 a step looked up in the module-level _STEP_REGISTRY applies the model with mutable batch_stats, which ride in the while_loop carry and are filed in _ACCORD_STATE after the loop
"""Maceration runner for the perfume blending line: registered steps per stage."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as fnn

lax = jax.lax

_STEP_REGISTRY: dict[str, Callable] = {}
_ACCORD_STATE: dict[str, dict] = {}


def register_step(stage: str):
    def wrap(fn):
        _STEP_REGISTRY[stage] = fn
        return fn
    return wrap


class AccordNet(fnn.Module):
    notes: int

    @fnn.compact
    def __call__(self, x, train: bool = False):
        x = fnn.Dense(self.notes)(x)
        x = fnn.BatchNorm(use_running_average=not train)(x)
        return fnn.sigmoid(x)


@dataclass
class BlendHandle:
    accord: str
    model: AccordNet
    variables: dict = field(repr=False)


@register_step("heart_notes")
def heart_notes_step(handle: BlendHandle, batch_stats, vials):
    variables = {"params": handle.variables["params"], "batch_stats": batch_stats}
    blended, mutated = handle.model.apply(variables, vials, train=True, mutable=["batch_stats"])
    return blended, mutated["batch_stats"]


class BlendRunner:
    def __init__(self, handle: BlendHandle, stage: str, stages: int):
        self.handle = handle
        self.step = _STEP_REGISTRY[stage]
        self.stages = stages

    def macerate(self, vials):
        def not_done(carry):
            return carry[0] < self.stages

        def stage(carry):
            i, intensity, batch_stats = carry
            blended, batch_stats = self.step(self.handle, batch_stats, vials)
            return i + 1, intensity + blended.mean(), batch_stats

        start = (0, jnp.zeros(()), self.handle.variables["batch_stats"])
        _, intensity, batch_stats = lax.while_loop(not_done, stage, start)
        _ACCORD_STATE[self.handle.accord] = batch_stats
        return intensity

    def finished_variables(self):
        return {"params": self.handle.variables["params"], "batch_stats": _ACCORD_STATE[self.handle.accord]}


def make_handle(accord: str, notes: int = 4, vials: int = 6) -> BlendHandle:
    model = AccordNet(notes)
    variables = model.init(jax.random.key(len(accord)), jnp.ones((vials, notes)))
    return BlendHandle(accord, model, variables)


def main():
    handle = make_handle("jasmine-oud")
    vials = jnp.tile(jnp.array([0.4, 0.1, 0.3, 0.2]), (6, 1))
    runner = BlendRunner(handle, "heart_notes", stages=3)
    intensity = runner.macerate(vials)
    final = handle.model.apply(runner.finished_variables(), vials)
    jax.block_until_ready((intensity, final))
    return None
