# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a step looked up in the module-level _STEP_REGISTRY applies the model with mutable batch_stats and files them in the module-level _ACCORD_STATE dict
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
def heart_notes_step(handle: BlendHandle, vials):
    blended, mutated = handle.model.apply(handle.variables, vials, train=True, mutable=["batch_stats"])
    _ACCORD_STATE[handle.accord] = mutated["batch_stats"]
    return blended


class BlendRunner:
    def __init__(self, handle: BlendHandle, stage: str, stages: int):
        self.handle = handle
        self.step = _STEP_REGISTRY[stage]
        self.stages = stages

    def macerate(self, vials):
        def not_done(carry):
            return carry[0] < self.stages

        def stage(carry):
            i, intensity = carry
            blended = self.step(self.handle, vials)
            return i + 1, intensity + blended.mean()

        return lax.while_loop(not_done, stage, (0, jnp.zeros(())))[1]

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
