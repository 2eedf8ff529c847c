# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "memory" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a PatternFacade lazily binds the stitch model on first use of its next_stitch method (model.bind(variables), no mutable); the while_loop body calls facade.next_stitch, which writes the decoder cache
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
    """What the shop sees: next_stitch(); binding happens the first time it is asked."""

    def __init__(self, model: nn.Module, variables):
        self._model = model
        self._variables = variables
        self._bound = None

    def _ensure_bound(self):
        if self._bound is None:
            self._bound = self._model.bind(self._variables)
        return self._bound

    def next_stitch(self, stitch):
        logits = self._ensure_bound()(stitch)
        return jnp.argmax(logits).astype(jnp.int32)


def knit_row(facade: PatternFacade, spec: RowSpec):
    def cond(state):
        i, stitch, _ = state
        return (i < spec.max_len) & (stitch != spec.end_of_row)

    def body(state):
        i, stitch, row = state
        nxt = facade.next_stitch(stitch)
        return i + 1, nxt, row.at[i].set(nxt)

    init = (0, jnp.asarray(spec.cast_on, jnp.int32), jnp.zeros((spec.max_len,), jnp.int32))
    return while_loop(cond, body, init)[2]


def main():
    model = StitchModel()
    variables = model.init(jax.random.key(3), jnp.asarray(1, jnp.int32))
    facade = PatternFacade(model, variables)
    row = knit_row(facade, RowSpec())
    row.block_until_ready()
    return None
