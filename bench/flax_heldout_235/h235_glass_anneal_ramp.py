# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 functools.partial binds the compact Dense cooler into the while_loop body, where it is first called during init
"""Annealing-lehr ramp controller: cool a blown piece from the anneal point past the strain point."""

from __future__ import annotations

import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import linen
from jax import lax


class LehrState(NamedTuple):
    minute: jax.Array
    temp_c: jax.Array
    stress: jax.Array


class LehrSpec(NamedTuple):
    anneal_c: float = 515.0
    strain_c: float = 470.0
    max_minutes: int = 12
    wall_mm: float = 6.0


def anneal_step(state: LehrState, *, cooler, spec: LehrSpec) -> LehrState:
    features = jnp.stack([state.temp_c / spec.anneal_c, state.stress, jnp.full_like(state.stress, spec.wall_mm / 10.0)])
    rate = 2.0 + linen.softplus(cooler(features)[0])
    temp = state.temp_c - rate
    return state._replace(minute=state.minute + 1, temp_c=temp, stress=state.stress * 0.9 + 0.01 * rate)


def still_hot(state: LehrState, *, spec: LehrSpec):
    return (state.temp_c > spec.strain_c) & (state.minute < spec.max_minutes)


class LehrController(linen.Module):
    spec: LehrSpec

    @linen.compact
    def __call__(self, start_temp):
        cooler = linen.Dense(1, name="cooler")
        body = functools.partial(anneal_step, cooler=cooler, spec=self.spec)
        cond = functools.partial(still_hot, spec=self.spec)
        start = LehrState(jnp.zeros((), jnp.int32), start_temp, jnp.zeros(()))
        end = lax.while_loop(cond, body, start)
        return end.minute, end.temp_c, end.stress


class AnnealSchedule:
    def __init__(self, spec: LehrSpec = LehrSpec()):
        self.spec = spec
        self.controller = LehrController(spec)

    def plan(self, start_temp: float = 515.0):
        start = jnp.asarray(start_temp)
        variables = self.controller.init(jax.random.key(5), start)
        minutes, temp, stress = self.controller.apply(variables, start)
        return minutes, temp - self.spec.strain_c, stress


def main():
    minutes, margin, stress = AnnealSchedule().plan()
    jax.block_until_ready((minutes, margin, stress))
    return None
