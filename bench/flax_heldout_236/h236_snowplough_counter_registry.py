# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a shift planner picked from an __init_subclass__ registry builds the fori_loop step, which stores the mutated route_log collection on the planner
"""Snowplough shift simulation: grit spreading over road segments, with a log of passes made."""
from __future__ import annotations

from typing import ClassVar

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class GritSpreader(nn.Module):
    lanes: int

    @nn.compact
    def __call__(self, snow_depth):
        passes = self.variable("route_log", "passes", lambda: jnp.zeros((self.lanes,), jnp.int32))
        rate = nn.Dense(self.lanes, name="rate")(snow_depth)
        cleared = jax.nn.sigmoid(rate)
        passes.value = passes.value + (cleared > 0.5).sum(axis=0, dtype=jnp.int32)
        return snow_depth * (1.0 - 0.3 * cleared)


class ShiftPlanner:
    registry: ClassVar[dict[str, type["ShiftPlanner"]]] = {}

    def __init_subclass__(cls, *, kind: str, **kwargs):
        super().__init_subclass__(**kwargs)
        ShiftPlanner.registry[kind] = cls

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.route_log = variables["route_log"]

    def make_step(self):
        raise NotImplementedError


class NightShift(ShiftPlanner, kind="night"):
    def make_step(self):
        def step(segment, depth):
            depth, updates = self.model.apply(
                {"params": self.params, "route_log": self.route_log}, depth, mutable=["route_log"]
            )
            self.route_log = updates["route_log"]
            return depth

        return step


def run_shift(kind: str, model, variables, depth, segments: int):
    planner = ShiftPlanner.registry[kind](model, variables)
    depth = fori_loop(0, segments, planner.make_step(), depth)
    return depth, planner.route_log["passes"].sum()


def main():
    model = GritSpreader(lanes=4)
    depth = jnp.full((3, 4), 0.25)
    variables = model.init(jax.random.key(0), depth)
    depth, passes = run_shift("night", model, variables, depth, segments=5)
    jax.block_until_ready((depth, passes))
