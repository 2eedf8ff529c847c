# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Dispatcher threads self.fleet.cabin's split state through the scan, and the body parks each merged state on self.fleet.latest
"""Cabin load dispatcher: roll the haulage load model over a morning of boardings."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Occupancy(nnx.Variable):
    pass


class CabinLoadModel(nnx.Module):
    def __init__(self, cabins: int, rngs: nnx.Rngs):
        self.predict = nnx.Linear(cabins, cabins, rngs=rngs)
        self.mean_riders = Occupancy(jnp.zeros((cabins,)))

    def __call__(self, riders):
        self.mean_riders[...] = 0.9 * self.mean_riders[...] + 0.1 * riders
        return nnx.relu(self.predict(self.mean_riders[...] / 30.0)) * 0.08


class FleetRegistry:
    def __init__(self, cabins: int):
        self.cabin = CabinLoadModel(cabins, nnx.Rngs(5))
        self.latest = None


@dataclasses.dataclass(frozen=True)
class DispatchReport:
    tonnes: jax.Array | None = None
    expected_next: jax.Array | None = None


class Dispatcher:
    def __init__(self, cabins: int = 4):
        self.fleet = FleetRegistry(cabins)

    def morning(self, boardings) -> DispatchReport:
        graphdef, state = nnx.split(self.fleet.cabin)

        def boarding(state, riders):
            cabin = nnx.merge(graphdef, state)
            tonnes = cabin(riders)
            self.fleet.latest = nnx.state(cabin)
            return nnx.state(cabin), tonnes

        _, tonnes = lax.scan(boarding, state, boardings)
        nnx.update(self.fleet.cabin, self.fleet.latest)
        report = DispatchReport(tonnes=tonnes)
        return dataclasses.replace(report, expected_next=self.fleet.cabin(boardings[-1]))


def main():
    boardings = jnp.tile(jnp.array([24.0, 30.0, 18.0, 27.0]), (6, 1))
    report = Dispatcher().morning(boardings)
    jax.block_until_ready((report.tonnes, report.expected_next))
    return None
