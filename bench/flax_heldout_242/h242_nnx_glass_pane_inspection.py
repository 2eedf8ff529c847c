# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 5 the fori_loop body calls a batch scorer built by make_batch_scorer, an nnx.vmap wrapper closing over the outer PaneScorer
"""Inspection bench for leaded panes: a PaneBatches iterator yields batches of panes to be scored."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop as fori


class PaneBatches:
    """Iterates over the racks of a finished window, one batch of pane measurements per rack."""

    def __init__(self, key, racks: int, panes: int, features: int):
        self.key = key
        self.racks = racks
        self.shape = (panes, features)
        self._rack = 0

    def __iter__(self):
        self._rack = 0
        return self

    def __next__(self):
        if self._rack == self.racks:
            raise StopIteration
        rack = jax.random.normal(jax.random.fold_in(self.key, self._rack), self.shape)
        self._rack += 1
        return rack


class PaneScorer(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.lead = nnx.Linear(features, features, rngs=rngs)
        self.head = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, pane):
        return nnx.sigmoid(self.head(nnx.relu(self.lead(pane)))).squeeze(-1)


def make_batch_scorer(model: PaneScorer):
    score = nnx.vmap(lambda m, pane: m(pane), in_axes=(None, 0))
    return lambda batch: score(model, batch)


class InspectionBench:
    def __init__(self, model: PaneScorer):
        self.scorer = make_batch_scorer(model)

    def inspect(self, racks):
        def body(i, verdicts):
            return verdicts.at[i].set(self.scorer(racks[i]).mean())

        return fori(0, racks.shape[0], body, jnp.zeros(racks.shape[0]))


def main():
    racks = jnp.stack(list(PaneBatches(jax.random.key(90), racks=3, panes=5, features=4)))
    bench = InspectionBench(PaneScorer(4, nnx.Rngs(9)))
    verdicts = bench.inspect(racks)
    jax.block_until_ready(verdicts)
    return None
