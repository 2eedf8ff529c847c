# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a CoolingStages iterator yields step closures that apply the cell with the variables kept in a shared registry dict; each closure is the while_loop body
"""Annealing schedule for stained glass: an iterator hands out one cooling step per stage."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class AnnealCell(nn.Module):
    @nn.compact
    def __call__(self, glass):
        strain = self.variable("cooling", "strain", lambda: jnp.zeros(glass.shape[-1]))
        relaxed = 0.9 * glass + 0.1 * jnp.tanh(nn.Dense(glass.shape[-1])(glass))
        strain.value = 0.5 * strain.value + jnp.abs(glass - relaxed).mean(axis=0)
        return relaxed


class CoolingStages:
    """Iterates over the annealing floors, yielding (floor, step) for each stage."""

    def __init__(self, cell: AnnealCell, registry: dict, floors, drop: float = 40.0):
        self.cell = cell
        self.registry = registry
        self.floors = tuple(floors)
        self.drop = drop
        self._stage = 0

    def __iter__(self):
        self._stage = 0
        return self

    def __next__(self):
        if self._stage >= len(self.floors):
            raise StopIteration
        floor = self.floors[self._stage]
        self._stage += 1

        def cool(state):
            temp, glass = state
            glass, updates = self.cell.apply(self.registry["variables"], glass, mutable=["cooling"])
            self.registry["variables"] = {**self.registry["variables"], **updates}
            return temp - self.drop, glass

        return floor, cool


def anneal(stages: CoolingStages, start_temp: float, glass):
    state = (jnp.asarray(start_temp), glass)
    for floor, cool in stages:
        state = while_loop(lambda s, floor=floor: s[0] > floor, cool, state)
    return state


def main():
    glass = jnp.array([[0.4, 0.9, 0.1], [0.3, 0.2, 0.8]])
    cell = AnnealCell()
    registry = {"variables": cell.init(jax.random.key(13), glass)}
    stages = CoolingStages(cell, registry, floors=(620.0, 480.0, 350.0))
    temp, annealed = anneal(stages, 760.0, glass)
    jax.block_until_ready((temp, annealed, registry["variables"]["cooling"]["strain"] + 0.0))
    return None
