# label: ok
# flax-error: none
# class: 5 make_thaw_step() returns an nnx.jit step; the plan's `model`, set by a chained builder, is split and its state carried through the while_loop, merged in the body
"""Rail switch heaters: thaw planning that cycles the heaters until every switch clears the target temperature."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

while_loop = jax.lax.while_loop


class ThawModel(nnx.Module):
    def __init__(self, switches: int, rngs: nnx.Rngs):
        self.transfer = nnx.Linear(switches, switches, rngs=rngs)

    def __call__(self, temps):
        return jax.nn.softplus(self.transfer(temps))


def make_thaw_step(gain: float, loss_rate: float) -> Callable:
    @nnx.jit
    def step(model: ThawModel, temps):
        return temps + gain * model(temps) - loss_rate * temps

    return step


@dataclass
class ThawPlan:
    model: ThawModel
    step: Callable
    target_c: float
    max_cycles: int

    def execute(self, temps):
        graphdef, state = nnx.split(self.model)

        def still_frozen(carry):
            cycle, current, _ = carry
            return (cycle < self.max_cycles) & (current.min() < self.target_c)

        def cycle_heaters(carry):
            cycle, current, state = carry
            model = nnx.merge(graphdef, state)
            warmed = self.step(model, current)
            return cycle + 1, warmed, nnx.state(model)

        cycles, temps, state = while_loop(still_frozen, cycle_heaters, (jnp.array(0), temps, state))
        nnx.update(self.model, state)
        return cycles, temps


class ThawPlanBuilder:
    def __init__(self):
        self._model = None
        self._target_c = 1.0
        self._max_cycles = 10
        self._gain = 0.5
        self._loss_rate = 0.05

    def with_model(self, model: ThawModel) -> "ThawPlanBuilder":
        self._model = model
        return self

    def with_target(self, target_c: float) -> "ThawPlanBuilder":
        self._target_c = target_c
        return self

    def with_max_cycles(self, cycles: int) -> "ThawPlanBuilder":
        self._max_cycles = cycles
        return self

    def with_gain(self, gain: float) -> "ThawPlanBuilder":
        self._gain = gain
        return self

    def build(self) -> ThawPlan:
        step = make_thaw_step(self._gain, self._loss_rate)
        return ThawPlan(self._model, step, self._target_c, self._max_cycles)


def main():
    plan = (
        ThawPlanBuilder()
        .with_model(ThawModel(3, nnx.Rngs(2)))
        .with_target(2.0)
        .with_max_cycles(6)
        .with_gain(0.8)
        .build()
    )
    cycles, temps = plan.execute(jnp.array([-3.0, -1.5, -4.0]))
    jax.block_until_ready((cycles, temps))
    return None
