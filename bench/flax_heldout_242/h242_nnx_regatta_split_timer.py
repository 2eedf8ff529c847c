# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body merges the course model from the SplitTimer's graphdef and the carried state, and keeps the merged model on the timer's latest attribute
"""Split timer for a regatta: positions are advanced mark by mark with the course model."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx


class CourseModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.leg = nnx.Linear(features, features, rngs=rngs)

    def __call__(self, positions):
        return positions + 0.1 * jnp.tanh(self.leg(positions))


class SplitTimer:
    def __init__(self, model: CourseModel):
        self.graphdef, self.state = nnx.split(model)
        self.latest = None

    def run(self, positions, marks: int):
        def round_mark(_, carry):
            state, pos = carry
            boat = nnx.merge(self.graphdef, state)
            self.latest = boat
            return state, boat(pos)

        _, positions = jax.lax.fori_loop(0, marks, round_mark, (self.state, positions))
        return positions

    def finishing_gap(self, positions):
        return self.latest(positions).max() - self.latest(positions).min()


def main():
    timer = SplitTimer(CourseModel(4, nnx.Rngs(17)))
    start = jnp.linspace(0.0, 1.0, 12).reshape(3, 4)
    finish = timer.run(start, marks=5)
    gap = timer.finishing_gap(finish)
    jax.block_until_ready((finish, gap))
    return None
