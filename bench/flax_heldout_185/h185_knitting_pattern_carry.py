# label: ok
# flax-error: none
# class: 4 a PatternFacade lazily builds its apply wrapper (mutable=["cache"]) on first use of next_stitch; the while_loop body calls facade.next_stitch with the cache from the loop state and returns the new cache in the state
"""Stitch-by-stitch generation of knitting patterns behind a small facade used by the web shop."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

STITCHES = 10  # knit, purl, yarn-over, ... ; 0 ends a row
WIDTH = 12


@dataclasses.dataclass(frozen=True)
class RowSpec:
    max_len: int = 9
    cast_on: int = 3
    end_of_row: int = 0


class StitchModel(nn.Module):
    @nn.compact
    def __call__(self, stitch):
        memory = self.variable("cache", "memory", lambda: jnp.zeros((WIDTH,)))
        x = nn.Embed(STITCHES, WIDTH)(stitch)
        memory.value = jnp.tanh(nn.Dense(WIDTH)(x) + 0.5 * memory.value)
        return nn.Dense(STITCHES)(memory.value)


class PatternFacade:
    """What the shop sees: next_stitch(); the apply wrapper is built the first time it is asked."""

    def __init__(self, model: nn.Module, variables):
        self._model = model
        self._variables = variables
        self._step = None

    def initial_cache(self):
        return self._variables["cache"]

    def _ensure_step(self):
        if self._step is None:
            params = self._variables["params"]

            def step(cache, stitch):
                return self._model.apply({"params": params, "cache": cache}, stitch, mutable=["cache"])

            self._step = step
        return self._step

    def next_stitch(self, cache, stitch):
        logits, updated = self._ensure_step()(cache, stitch)
        return jnp.argmax(logits).astype(jnp.int32), updated["cache"]


def knit_row(facade: PatternFacade, spec: RowSpec):
    def cond(state):
        i, stitch, _, _ = state
        return (i < spec.max_len) & (stitch != spec.end_of_row)

    def body(state):
        i, stitch, cache, row = state
        nxt, cache = facade.next_stitch(cache, stitch)
        return i + 1, nxt, cache, row.at[i].set(nxt)

    init = (0, jnp.asarray(spec.cast_on, jnp.int32), facade.initial_cache(),
            jnp.zeros((spec.max_len,), jnp.int32))
    return while_loop(cond, body, init)[3]


def main():
    model = StitchModel()
    variables = model.init(jax.random.key(3), jnp.asarray(1, jnp.int32))
    facade = PatternFacade(model, variables)
    row = knit_row(facade, RowSpec())
    row.block_until_ready()
    return None
