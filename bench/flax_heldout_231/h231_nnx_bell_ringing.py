# label: trace-context
# flax-error: TraceContextError: Cannot mutate StrikeCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the rematerialised wrapper jax.checkpoint(partial(strike_row, model)) calls the model, which increments its StrikeCount Variable, inside the while_loop body
"""Striking-quality scoring for a tower's change-ringing practice.

Each row of a method is scored by a model of the gaps between strikes; practice sessions ring rows
until the band has rung the whole touch or the striking falls apart. The model counts the rows it
has scored for the tower's practice log.
"""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class StrikeCount(nnx.Variable):
    """Rows scored since the model was loaded."""


class StrikingModel(nnx.Module):
    def __init__(self, bells: int, rngs: nnx.Rngs):
        self.gaps = nnx.Linear(bells, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)
        self.rows_scored = StrikeCount(jnp.zeros((), jnp.int32))

    def __call__(self, row_timing):
        self.rows_scored[...] += 1
        return nnx.sigmoid(self.score(nnx.relu(self.gaps(row_timing))))[0]


def strike_row(model: StrikingModel, row_timing):
    return model(row_timing)


def ring_touch(model: StrikingModel, rows, min_quality: float = 0.1):
    score_row = jax.checkpoint(functools.partial(strike_row, model))

    def still_ringing(state):
        i, quality, _ = state
        return jnp.logical_and(i < rows.shape[0], quality > min_quality)

    def ring(state):
        i, quality, total = state
        s = score_row(rows[i])
        return i + 1, 0.5 * quality + 0.5 * s, total + s

    return lax.while_loop(still_ringing, ring, (0, jnp.asarray(1.0), jnp.zeros(())))


def main():
    rows = jax.random.normal(jax.random.key(91), (12, 6))  # rows x bells (strike offsets)
    model = StrikingModel(6, nnx.Rngs(0))
    rung, quality, total = ring_touch(model, rows)
    jax.block_until_ready((rung, quality, total))
    return None
