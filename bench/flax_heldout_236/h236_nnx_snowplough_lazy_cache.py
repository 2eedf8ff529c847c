# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a caching class decorator builds the fleet's blade model on the first blade_model() call, which happens inside the fori_loop body
"""Snowplough blade control: adjusts blade angles across a route's junctions for the fleet."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax as jlax


def cached_builders(*names):
    def decorate(cls):
        for name in names:
            build = getattr(cls, name)

            def memo(build):
                @functools.wraps(build)
                def get(self):
                    cache = self.__dict__.setdefault("_built", {})
                    if build.__name__ not in cache:
                        cache[build.__name__] = build(self)
                    return cache[build.__name__]

                return get

            setattr(cls, name, memo(build))
        return cls

    return decorate


class BladeController(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.angle = nnx.Linear(sensors, sensors, rngs=rngs)

    def __call__(self, depth):
        return depth * (1.0 - 0.2 * nnx.sigmoid(self.angle(depth)))


@cached_builders("blade_model")
class PloughFleet:
    def __init__(self, sensors: int = 4, seed: int = 3):
        self.sensors = sensors
        self.seed = seed

    def blade_model(self) -> BladeController:
        return BladeController(self.sensors, rngs=nnx.Rngs(self.seed))

    def clear_route(self, depth, junctions: int):
        def junction(_, snow):
            return self.blade_model()(snow)

        return jlax.fori_loop(0, junctions, junction, depth)


def main():
    fleet = PloughFleet()
    depth = jnp.full((2, 4), 0.35)
    cleared = fleet.clear_route(depth, junctions=4)
    check = fleet.blade_model()(depth)
    jax.block_until_ready((cleared, check))
