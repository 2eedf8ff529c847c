# label: ok
# flax-error: none
# class: 4 the fori_loop body in SortingSimulator.replay reaches self.jitter.source.key and folds the replay index into it for rngs={"jitter": ...}
"""Scanner-jitter replay for the postal sorting centre's barcode readers."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class BarcodeReader(nn.Module):
    channels: int = 6

    @nn.compact
    def __call__(self, label):
        clean = nn.Dense(self.channels)(label)
        noise = jax.random.uniform(self.make_rng("jitter"), clean.shape, minval=-0.2, maxval=0.2)
        return clean + noise


@dataclass
class KeySource:
    key: jax.Array

    @classmethod
    def seeded(cls, seed: int) -> "KeySource":
        return cls(jax.random.key(seed))


@dataclass
class JitterUnit:
    source: KeySource
    replays: int = 5


class SortingSimulator:
    def __init__(self, reader: BarcodeReader, variables, jitter: JitterUnit):
        self.reader = reader
        self.variables = variables
        self.jitter = jitter

    def replay(self, label):
        def scan_once(i, readings):
            replay_key = jax.random.fold_in(self.jitter.source.key, i)
            reading = self.reader.apply(self.variables, label, rngs={"jitter": replay_key})
            return readings.at[i].set(reading)

        readings = jnp.zeros((self.jitter.replays, self.reader.channels))
        return fori_loop(0, self.jitter.replays, scan_once, readings)


def main():
    label = jnp.array([1.0, 0.0, 1.0, 1.0])
    reader = BarcodeReader()
    variables = reader.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, label)
    simulator = SortingSimulator(reader, variables, JitterUnit(KeySource.seeded(17)))
    return simulator.replay(label)
