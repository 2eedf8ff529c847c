# label: ok
# flax-error: none
# class: 4 the growth model's state is threaded through the scan carry and, after the loop, recorded on the farm's ledger and restored into the farm's model
"""Oyster farm season simulation: a normalised growth model stepped over the tides of a season."""
from __future__ import annotations

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import nnx


class GrowthModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.feed = nnx.Linear(features, features, rngs=rngs)
        self.norm = nnx.BatchNorm(features, momentum=0.95, rngs=rngs)

    def __call__(self, water):
        return jnp.tanh(self.norm(self.feed(water)))


class StateLedger:
    def __init__(self):
        self.entries = []

    def record(self, state):
        self.entries.append(state)

    @property
    def latest(self):
        return self.entries[-1]


class OysterFarm:
    def __init__(self, name: str, features: int = 3, seed: int = 0):
        self.name = name
        self.model = GrowthModel(features, rngs=nnx.Rngs(seed))
        self.ledger = StateLedger()


class SeasonSimulator:
    def __init__(self, farm: OysterFarm):
        self.farm = farm

    def season(self, tides):
        graphdef, state = nnx.split(self.farm.model)

        def tide(carry, water):
            state, biomass = carry
            model = nnx.merge(graphdef, state)
            biomass = biomass + 0.1 * model(water).mean()
            return (nnx.state(model), biomass), None

        (state, biomass), _ = lax.scan(tide, (state, jnp.zeros(())), tides)
        self.farm.ledger.record(state)
        nnx.update(self.farm.model, self.farm.ledger.latest)
        return biomass


def main():
    farm = OysterFarm("loch-fyne")
    tides = jnp.tile(jnp.array([0.3, 12.0, 0.8]) / 10.0, (5, 4, 1))
    biomass = SeasonSimulator(farm).season(tides)
    farm.model.eval()
    jax.block_until_ready((biomass, farm.model(tides[0])))
