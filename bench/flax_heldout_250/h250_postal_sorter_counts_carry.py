# label: ok
# flax-error: none
# class: 4 the fori_loop body in SortingCentre.run_shift reaches self.lines[name] and threads the "tally" collection through the loop carry; the ledger is updated after the loop
"""Bin-assignment model for the postal sorting centre, with a per-line tally of parcels per bin."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax


class BinAssigner(linen.Module):
    bins: int = 4

    @linen.compact
    def __call__(self, parcels):
        tally = self.variable("tally", "per_bin", jnp.zeros, (self.bins,))
        logits = linen.Dense(self.bins)(linen.gelu(linen.Dense(12)(parcels)))
        assigned = jax.nn.one_hot(jnp.argmax(logits, -1), self.bins)
        if not self.is_initializing():
            tally.value = tally.value + assigned.sum(0)
        return jax.nn.softmax(logits)


class Ledger:
    def __init__(self, tally):
        self.state = {"tally": tally}
        self.closed_shifts = 0

    def flush(self):
        self.closed_shifts += 1
        return jax.tree.map(lambda counts: counts.sum(), self.state["tally"])


class SorterLine:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.ledger = Ledger(variables["tally"])


class SortingCentre:
    def __init__(self):
        self.lines: dict[str, SorterLine] = {}

    def open_line(self, name, model, variables):
        self.lines[name] = SorterLine(model, variables)

    def run_shift(self, name, trays):
        def sort_tray(i, carry):
            confidence, tally = carry
            line = self.lines[name]
            probs, mutated = line.model.apply(
                {"params": line.params, "tally": tally}, trays[i], mutable=["tally"]
            )
            return confidence + probs.max(-1).mean(), mutated["tally"]

        line = self.lines[name]
        start = (jnp.float32(0.0), line.ledger.state["tally"])
        confidence, tally = lax.fori_loop(0, trays.shape[0], sort_tray, start)
        line.ledger.state["tally"] = tally
        return confidence


def incoming_trays(key, trays=4, per_tray=6, features=5):
    return jax.random.normal(key, (trays, per_tray, features))


def main():
    trays = incoming_trays(jax.random.key(7))
    model = BinAssigner()
    variables = model.init(jax.random.key(8), trays[0])
    centre = SortingCentre()
    centre.open_line("north", model, variables)
    confidence = centre.run_shift("north", trays)
    totals = centre.lines["north"].ledger.flush()
    jax.block_until_ready((confidence, totals))
    return None
