# label: same-values
# flax-error: none
# class: 4 the scan body reads the raw key of the "mask" stream through sim.gate.model.rngs and passes it to the model's dropout at every draw
"""Occupancy estimates for a ferry's boarding gates with Monte-Carlo dropout masks (NNX)."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import nnx


class GateOccupancy(nnx.Module):
    def __init__(self, lanes: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(lanes, lanes, rngs=rngs)
        self.dropout = nnx.Dropout(0.4)
        self.rngs = rngs

    def __call__(self, counts: jax.Array, key: jax.Array) -> jax.Array:
        return nnx.relu(self.dropout(self.proj(counts), rngs=key))


@dataclass
class GateController:
    name: str
    model: GateOccupancy


class TurnstileSim:
    def __init__(self, gate: GateController, draws: int):
        self.gate = gate
        self.draws = draws

    def occupancy_draws(self, counts: jax.Array) -> jax.Array:
        def draw(carry, _):
            key = self.gate.model.rngs.mask.key[...]
            return carry, self.gate.model(counts, key)

        _, occupancy = lax.scan(draw, None, None, length=self.draws)
        return occupancy


def main():
    model = GateOccupancy(4, rngs=nnx.Rngs(params=0, mask=17))
    sim = TurnstileSim(GateController("car-deck-ramp", model), draws=5)
    counts = jnp.array([[12.0, 8.0, 3.0, 0.0], [4.0, 9.0, 7.0, 2.0]]) / 10.0
    return sim.occupancy_draws(counts)
