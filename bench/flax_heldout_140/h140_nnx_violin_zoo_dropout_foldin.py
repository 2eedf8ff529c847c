# label: ok
# flax-error: none
# class: 4 CrackSimulator reaches the model through ModelZoo.get() -> ZooEntry.model and folds the season into the entry's stored dropout key
"""Violin making: seasonal varnish-crack patterns on a finished top, models kept in a versioned zoo."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class VarnishCrackModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.stress = nnx.Linear(4, 10, rngs=rngs)
        self.crack = nnx.Dropout(0.5)

    def pattern(self, panel, key):
        return self.crack(nnx.sigmoid(self.stress(panel)), rngs=key)


@dataclass(frozen=True)
class ZooEntry:
    name: str
    version: tuple
    model: VarnishCrackModel
    dropout_key: jax.Array


class ModelZoo:
    def __init__(self):
        self._entries = {}

    def register(self, name, version, model, rngs):
        self._entries[(name, version)] = ZooEntry(name, version, model, rngs.dropout())

    def get(self, name, version=None):
        versions = sorted(v for (n, v) in self._entries if n == name)
        return self._entries[(name, version or versions[-1])]


class CrackSimulator:
    def __init__(self, zoo):
        self.zoo = zoo

    def seasons(self, panel, count):
        def season(carry, t):
            entry = self.zoo.get("varnish-crack")
            key = jax.random.fold_in(entry.dropout_key, t)
            cracks = entry.model.pattern(panel, key)
            return carry + cracks, cracks

        _, history = lax.scan(season, jnp.zeros(10), jnp.arange(count))
        return history


def main():
    rngs = nnx.Rngs(0, dropout=5)
    zoo = ModelZoo()
    zoo.register("varnish-crack", (2, 0), VarnishCrackModel(rngs), rngs)
    zoo.register("varnish-crack", (2, 1), VarnishCrackModel(rngs), rngs)
    simulator = CrackSimulator(zoo)
    return simulator.seasons(jnp.array([0.6, 0.2, 0.9, 0.4]), count=5)
