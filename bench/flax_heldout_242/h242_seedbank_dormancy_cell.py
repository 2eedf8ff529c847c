# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DormancyCell.__call__, the module that owns the 'season' Dense submodule, runs lax.fori_loop over the seasons and calls the submodule in the body
"""Dormancy model for stored seed: the state is advanced one season at a time."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DormancyCell(nn.Module):
    seasons: int = 4
    features: int = 4

    def setup(self):
        self.season = nn.Dense(self.features)
        self.readout = nn.Dense(1)

    def __call__(self, seed_state):
        def advance(_, state):
            return jnp.tanh(self.season(state)) + 0.5 * state

        state = lax.fori_loop(0, self.seasons, advance, seed_state)
        return nn.sigmoid(self.readout(state)).squeeze(-1)


class StorageRoom:
    def __init__(self, temperature: float, humidity: float):
        self.temperature = temperature
        self.humidity = humidity

    def condition(self, lots: int):
        base = jnp.array([self.temperature, self.humidity, 0.0, 1.0])
        return jnp.tile(base, (lots, 1)) + jnp.linspace(0.0, 0.3, lots)[:, None]


def main():
    room = StorageRoom(temperature=-0.18, humidity=0.15)
    lots = room.condition(lots=3)
    cell = DormancyCell()
    variables = cell.init(jax.random.key(2), lots)
    dormancy = cell.apply(variables, lots)
    jax.block_until_ready(dormancy)
    return None
