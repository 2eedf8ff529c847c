# label: ok
# flax-error: none
# class: 4 each Stage in pipeline.stages holds functools.partial(model.apply, mutable=['telemetry']); every stage's variables enter and leave the fori_loop in the carry, where the conflict stage counts its calls
"""Choir scheduling: a pipeline of stages refines a soft assignment of rehearsal slots to
sections over a fixed number of passes (availability, then room conflicts)."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class AvailabilityStage(nn.Module):
    @nn.compact
    def __call__(self, slots):
        return jax.nn.softmax(nn.Dense(slots.shape[-1])(slots), axis=-1)


class ConflictStage(nn.Module):
    @nn.compact
    def __call__(self, slots):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value = calls.value + 1
        clash = slots.sum(axis=0, keepdims=True)
        return jax.nn.softmax(nn.Dense(slots.shape[-1])(slots - 0.5 * clash), axis=-1)


class Stage:
    def __init__(self, name, model, variables):
        self.name = name
        self.variables = variables
        self.forward = functools.partial(model.apply, mutable=["telemetry"])

    def __call__(self, variables, slots):
        slots, updates = self.forward(variables, slots)
        return slots, {**variables, **updates}


class RehearsalPipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def refine(self, slots, passes):
        def body(_, carry):
            slots, all_variables = carry
            updated = []
            for stage, variables in zip(self.stages, all_variables):
                slots, variables = stage(variables, slots)
                updated.append(variables)
            return slots, tuple(updated)

        init = (slots, tuple(stage.variables for stage in self.stages))
        slots, all_variables = jax.lax.fori_loop(0, passes, body, init)
        for stage, variables in zip(self.stages, all_variables):
            stage.variables = variables
        return slots


def build_pipeline(slots, key):
    stages = []
    for name, module in (("availability", AvailabilityStage()), ("conflicts", ConflictStage())):
        key, sub = jax.random.split(key)
        stages.append(Stage(name, module, module.init(sub, slots)))
    return RehearsalPipeline(stages)


def main():
    slots = jax.nn.softmax(jax.random.normal(jax.random.key(0), (4, 6)), axis=-1)  # 4 sections, 6 slots
    pipeline = build_pipeline(slots, jax.random.key(1))
    pipeline.refine(slots, passes=3)
    return None
