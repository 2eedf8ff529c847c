# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a depot class registered through __init_subclass__ supplies an nnx.jit step that is given the depot's router module inside the fori_loop body
"""Snowplough depot dispatch: iteratively refines the plough allocation across road segments."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SegmentRouter(nnx.Module):
    def __init__(self, segments: int, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(segments, segments, rngs=rngs)
        self.bias = nnx.Param(jnp.zeros((segments,)))

    def __call__(self, allocation):
        return nnx.softmax(self.score(allocation) + self.bias, axis=-1)


@nnx.jit
def refine(router: SegmentRouter, allocation):
    return 0.5 * allocation + 0.5 * router(allocation)


class Depot:
    kinds: dict[str, type[Depot]] = {}
    step = None

    def __init_subclass__(cls, kind: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        if kind:
            Depot.kinds[kind] = cls

    def __init__(self, segments: int, seed: int = 0):
        self.router = SegmentRouter(segments, rngs=nnx.Rngs(seed))

    def dispatch(self, allocation, rounds: int):
        step = type(self).step
        return jax.lax.fori_loop(0, rounds, lambda _, alloc: step(self.router, alloc), allocation)


class CityDepot(Depot, kind="city"):
    step = staticmethod(refine)


class RuralDepot(Depot, kind="rural"):
    step = staticmethod(lambda router, allocation: router(allocation))


def main():
    depot = Depot.kinds["city"](segments=5)
    allocation = jnp.full((2, 5), 0.2)
    final = depot.dispatch(allocation, rounds=4)
    jax.block_until_ready(final)
