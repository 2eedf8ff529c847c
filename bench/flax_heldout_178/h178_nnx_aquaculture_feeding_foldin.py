# label: ok
# flax-error: none
# class: 2 simulate_feeding draws one key from the Rngs "feed" stream into a local; the scan body folds it with the feeding index
"""Aquaculture feeding: simulates pellet uptake in a salmon pen under stochastic appetite."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PenConfig:
    sensors: int = 5
    feedings: int = 6
    appetite_noise: float = 0.3


class UptakeModel(nnx.Module):
    def __init__(self, config, *, rngs):
        self.config = config
        self.hidden = nnx.Linear(config.sensors, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, water, key):
        appetite = 1.0 + self.config.appetite_noise * jax.random.normal(key, ())
        return nnx.sigmoid(self.out(nnx.relu(self.hidden(water)))).squeeze(-1) * appetite


def simulate_feeding(model, rngs, water, feedings):
    key = rngs.feed()

    def feeding(biomass, index):
        uptake = model(water, jax.random.fold_in(key, index))
        return biomass * (1.0 + 0.01 * uptake), uptake

    _, uptake = jax.lax.scan(feeding, jnp.asarray(100.0), jnp.arange(feedings))
    return uptake


def main():
    config = PenConfig()
    rngs = nnx.Rngs(params=0, feed=31)
    model = UptakeModel(config, rngs=rngs)
    water = jnp.array([12.5, 7.9, 0.4, 33.0, 1.1]) / 10.0
    return simulate_feeding(model, rngs, water, config.feedings)
