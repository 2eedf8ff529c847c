# label: same-values
# flax-error: none
# class: 4 the ModelZoo keeps (graphdef, state) per version; the EnsembleSampler's scan body merges zoo.get(name, version).state with copy=True, so the published state is never touched
"""Versioned model zoo for stochastic climate downscaling.

Each registered version is kept split (graphdef + state, rng streams included) so it can be
shipped between hosts. The ensemble sampler merges a private copy of the requested version
inside a scan (callers must never mutate a published version) and draws `members` stochastic
high-resolution fields from the same coarse field.
"""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Downscaler(nnx.Module):
    def __init__(self, coarse, fine, *, rngs: nnx.Rngs):
        self.up = nnx.Linear(coarse, 32, rngs=rngs)
        self.noise = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(32, fine, rngs=rngs)

    def __call__(self, field):
        return self.out(self.noise(nnx.silu(self.up(field))))


@dataclass(frozen=True)
class ZooEntry:
    version: int
    graphdef: object
    state: object


@dataclass
class ModelZoo:
    entries: dict = field(default_factory=dict)

    def publish(self, name, version, model):
        graphdef, state = nnx.split(model)
        self.entries[(name, version)] = ZooEntry(version, graphdef, state)

    def get(self, name, version):
        return self.entries[(name, version)]


class EnsembleSampler:
    def __init__(self, zoo: ModelZoo):
        self.zoo = zoo

    def sample(self, name, version, coarse_field, members):
        entry = self.zoo.get(name, version)

        def member(carry, _):
            model = nnx.merge(entry.graphdef, entry.state, copy=True)
            fine = model(coarse_field)
            return carry, fine

        _, fields = scan(member, None, None, length=members)
        return fields


def main():
    zoo = ModelZoo()
    zoo.publish("downscaler", 1, Downscaler(8, 16, rngs=nnx.Rngs(0, dropout=1)))
    zoo.publish("downscaler", 2, Downscaler(8, 16, rngs=nnx.Rngs(5, dropout=6)))
    coarse_field = jnp.linspace(0.0, 1.0, 8)[None, :]
    return EnsembleSampler(zoo).sample("downscaler", 2, coarse_field, members=5)
