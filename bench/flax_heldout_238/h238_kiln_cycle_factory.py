# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "burner_cycles" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step factory closes over the burner model and its variables; the fori_loop body applies the model's cycle method, which counts burner cycles in its telemetry collection
"""Burner duty cycles of the hop kilns on a farm: drying batches are dispatched from a heapq by due time."""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

import jax
from jax import numpy as jnp
from jax.lax import fori_loop
import flax.linen as linen


class BurnerController(linen.Module):
    zones: int = 3

    def setup(self):
        self.heat = linen.Dense(self.zones)
        self.cycles = self.variable("telemetry", "burner_cycles", lambda: jnp.zeros((), jnp.int32))

    def cycle(self, air_temp: jax.Array) -> jax.Array:
        self.cycles.value = self.cycles.value + 1
        return air_temp + 0.05 * linen.tanh(self.heat(air_temp))

    def __call__(self, air_temp: jax.Array) -> jax.Array:
        return self.cycle(air_temp)


@dataclass(order=True)
class DryingBatch:
    due_hour: int
    kiln: str = field(compare=False)
    cycles: int = field(compare=False, default=4)


def make_cycle_step(model: BurnerController, variables: dict):
    def step(i, air_temp):
        return model.apply(variables, air_temp, method=model.cycle)

    return step


class KilnDispatcher:
    def __init__(self, model: BurnerController, variables: dict):
        self.model = model
        self.variables = variables
        self.queue: list[DryingBatch] = []
        self.results: dict[str, jax.Array] = {}

    def schedule(self, batch: DryingBatch) -> None:
        heapq.heappush(self.queue, batch)

    def dispatch_all(self, inlet: jax.Array) -> None:
        while self.queue:
            batch = heapq.heappop(self.queue)
            step = make_cycle_step(self.model, self.variables)
            self.results[batch.kiln] = fori_loop(0, batch.cycles, step, inlet)


def main():
    inlet = jnp.full((2, 3), 0.6)
    model = BurnerController()
    variables = model.init(jax.random.key(8), inlet)
    dispatcher = KilnDispatcher(model, variables)
    dispatcher.schedule(DryingBatch(due_hour=14, kiln="oast-east", cycles=3))
    dispatcher.schedule(DryingBatch(due_hour=9, kiln="oast-west", cycles=5))
    dispatcher.dispatch_all(inlet)
    jax.block_until_ready(dispatcher.results)
    return None
