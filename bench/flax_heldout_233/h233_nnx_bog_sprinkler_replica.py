# label: same-values
# flax-error: none
# class: 2 plan_coverage()'s local graphdef and state are merged into a fresh replica inside the while_loop body
"""Cranberry bog sprinklers: Monte Carlo coverage of frost-protection sprinkler heads under wind drift."""
from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SprinklerDrift(nnx.Module):
    def __init__(self, heads: int, rngs: nnx.Rngs):
        self.spray = nnx.Linear(heads, heads, rngs=rngs)
        self.rngs = rngs

    def __call__(self, pressure):
        gust = jax.random.normal(self.rngs.wind(), pressure.shape)
        return jax.nn.sigmoid(self.spray(pressure) + 0.5 * gust)


class CoverageLoop(NamedTuple):
    index: jnp.ndarray
    coverage: jnp.ndarray


def plan_coverage(model: SprinklerDrift, pressure, trials: int):
    graphdef, state = nnx.split(model)

    def more(loop: CoverageLoop):
        return loop.index < trials

    def trial(loop: CoverageLoop):
        replica = nnx.merge(graphdef, state, copy=True)
        wetted = replica(pressure)
        return CoverageLoop(loop.index + 1, loop.coverage.at[loop.index].set(wetted))

    start = CoverageLoop(jnp.array(0), jnp.zeros((trials, pressure.shape[0])))
    return lax.while_loop(more, trial, start).coverage


def main():
    model = SprinklerDrift(4, nnx.Rngs(params=0, wind=12))
    pressure = jnp.array([2.5, 2.4, 2.6, 2.2])
    return plan_coverage(model, pressure, trials=5)
