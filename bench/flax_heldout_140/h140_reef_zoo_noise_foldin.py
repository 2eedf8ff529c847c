# label: ok
# flax-error: none
# class: 4 SedimentSimulator reaches the model through ModelZoo.latest() -> ZooEntry.model / .variables and folds the hour into its "noise" key
"""Coral reef monitoring: sediment-plume turbidity simulator drawing its model from a versioned zoo."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class PlumeModel(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, turbidity):
        h = nn.tanh(nn.Dense(self.width)(turbidity))
        eddy = jax.random.normal(self.make_rng("noise"), h.shape)
        return h + 0.2 * eddy


@dataclass(frozen=True)
class ZooEntry:
    name: str
    version: tuple
    model: nn.Module
    variables: dict


class ModelZoo:
    def __init__(self):
        self._entries = {}

    def register(self, entry):
        self._entries.setdefault(entry.name, {})[entry.version] = entry

    def latest(self, name):
        versions = self._entries[name]
        return versions[max(versions)]


class SedimentSimulator:
    def __init__(self, zoo, seed):
        self.zoo = zoo
        self.key = jax.random.key(seed)

    def run(self, buoy_reading, hours):
        def hour(level, t):
            entry = self.zoo.latest("plume")
            hour_key = jax.random.fold_in(self.key, t)
            plume = entry.model.apply(entry.variables, buoy_reading, rngs={"noise": hour_key})
            return level + plume.mean(), plume

        _, plumes = jax.lax.scan(hour, jnp.float32(0.0), jnp.arange(hours))
        return plumes


def main():
    zoo = ModelZoo()
    reading = jnp.array([0.3, 0.8, 0.1, 0.5])
    for version, seed in (((1, 0), 0), ((1, 2), 1)):
        model = PlumeModel()
        variables = model.init({"params": jax.random.key(seed), "noise": jax.random.key(9)}, reading)
        zoo.register(ZooEntry("plume", version, model, variables))
    simulator = SedimentSimulator(zoo, seed=42)
    return simulator.run(reading, hours=6)
