# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body fetches the Blender through the contextvars accessor current_blender() and calls its sample() method, whose Dropout draws from the blender's own rngs stream
"""Stochastic sillage sampling for the perfume house's blending assistant."""

from __future__ import annotations

import contextvars
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class Blender(nnx.Module):
    def __init__(self, notes: int, *, rngs: nnx.Rngs):
        self.accord = nnx.Linear(notes, notes, rngs=rngs)
        self.volatility = nnx.Dropout(0.3, rngs=rngs)

    def sample(self, notes, rngs: nnx.Rngs | None = None):
        return self.volatility(nnx.sigmoid(self.accord(notes)), rngs=rngs)


_current_blender: contextvars.ContextVar[Blender] = contextvars.ContextVar("current_blender")


def current_blender() -> Blender:
    return _current_blender.get()


def use_blender(blender: Blender) -> contextvars.Token:
    return _current_blender.set(blender)


@dataclass(frozen=True)
class SillageStudy:
    trials: int = 5
    seed: int = 12

    def run(self, notes):
        def trial(i, draws):
            return draws.at[i].set(current_blender().sample(notes))

        return jax.lax.fori_loop(0, self.trials, trial, jnp.zeros((self.trials,) + notes.shape))


def main():
    token = use_blender(Blender(4, rngs=nnx.Rngs(params=0, dropout=1)))
    try:
        notes = jnp.array([0.25, 0.4, 0.2, 0.15])
        return SillageStudy().run(notes)
    finally:
        _current_blender.reset(token)
