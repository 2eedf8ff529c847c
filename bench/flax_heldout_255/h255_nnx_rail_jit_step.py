# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit predictor fetched from a decorator registry is called inside the jax.lax.fori_loop body on the headway model closed over from dispatch_timetable
from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx

PREDICTORS: dict[str, Callable] = {}


def predictor(name: str):
    def register(fn):
        PREDICTORS[name] = nnx.jit(fn)
        return fn

    return register


class HeadwayModel(nnx.Module):
    """Minimum safe headway (minutes) between two trains entering a block section."""

    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, 6, rngs=rngs)
        self.out = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, features):
        return 2.0 + nnx.softplus(self.out(nnx.relu(self.proj(features))))


@predictor("headway")
def predict_headway(model: HeadwayModel, features):
    return model(features).squeeze(-1)


def dispatch_timetable(model: HeadwayModel, departures, sections):
    headway = PREDICTORS["headway"]

    def place_train(i, clock):
        gap = headway(model, sections[i % sections.shape[0]])
        return clock.at[i + 1].set(clock[i] + gap.max())

    return jax.lax.fori_loop(0, departures.shape[0] - 1, place_train, departures)


def main():
    model = HeadwayModel(4, rngs=nnx.Rngs(12))
    sections = jnp.array(
        [[1.2, 0.0, 80.0, 1.0], [0.8, 1.0, 60.0, 0.0], [2.1, 0.0, 120.0, 1.0]], jnp.float32
    ) / jnp.array([2.0, 1.0, 120.0, 1.0])
    departures = jnp.zeros((5,))
    clock = dispatch_timetable(model, departures, sections[:, None, :])
    jax.block_until_ready(clock)
    return None
