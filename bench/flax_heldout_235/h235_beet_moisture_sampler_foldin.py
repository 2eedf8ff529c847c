# label: ok
# flax-error: none
# class: 1 BeetSampler.sample_rows runs the scan itself; one key from its own 'field' stream is folded with the row index in the body
"""Moisture sampling along a sugar-beet clamp: a noisy probe read at every row."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax, random


@dataclasses.dataclass(frozen=True)
class ProbeSpec:
    rows: int = 6
    depths: int = 4
    noise_pct: float = 1.5


class BeetSampler(nn.Module):
    spec: ProbeSpec

    def setup(self):
        self.calibration = self.param("calibration", nn.initializers.ones, (self.spec.depths,))

    def probe(self, core):
        return core * self.calibration

    def sample_rows(self, cores):
        walk_key = self.make_rng("field")

        def row(total, indexed):
            index, core = indexed
            jitter = self.spec.noise_pct * random.normal(random.fold_in(walk_key, index), core.shape)
            reading = self.probe(core) + jitter
            return total + reading.mean(), reading

        _, readings = lax.scan(row, jnp.zeros(()), (jnp.arange(cores.shape[0]), cores))
        return readings


class ClampSurvey:
    def __init__(self, spec: ProbeSpec = ProbeSpec()):
        self.spec = spec
        self.sampler = BeetSampler(spec)

    def cores(self):
        one = jnp.linspace(74.0, 78.0, self.spec.depths)
        return jnp.tile(one, (self.spec.rows, 1))

    def walk(self, seed: int = 0):
        cores = self.cores()
        params = self.sampler.init(
            {"params": random.key(seed), "field": random.key(seed + 1)}, cores, method=BeetSampler.sample_rows
        )
        return self.sampler.apply(params, cores, method=BeetSampler.sample_rows, rngs={"field": random.key(seed + 2)})


def main():
    return ClampSurvey().walk()
