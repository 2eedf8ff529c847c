# label: same-values
# flax-error: none
# class: 5 the while_loop body builds Rngs from the seed of the functools.lru_cache getter seismic_profile(well)
"""Micro-seismic tremor sampling around a geothermal injection well."""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class SeismicProfile:
    well: str
    seed: int
    amplitude: float


@functools.lru_cache(maxsize=32)
def seismic_profile(well: str) -> SeismicProfile:
    return SeismicProfile(well, seed=zlib.adler32(well.encode()) % 10_000, amplitude=0.3)


class TremorModel(nnx.Module):
    def __init__(self, geophones: int, rngs: nnx.Rngs):
        self.coupling = nnx.Linear(geophones, geophones, rngs=rngs)

    def __call__(self, pressure, amplitude: float, rngs: nnx.Rngs):
        return self.coupling(pressure) + amplitude * jax.random.laplace(rngs.tremor(), pressure.shape)


class TremorMonitor:
    def __init__(self, well: str, geophones: int, windows: int):
        self.well = well
        self.windows = windows
        self.model = TremorModel(geophones, nnx.Rngs(4))

    def record(self, pressure):
        def pending(state):
            return state[0] < self.windows

        def window(state):
            i, traces = state
            profile = seismic_profile(self.well)
            trace = self.model(pressure, profile.amplitude, rngs=nnx.Rngs(tremor=jax.random.key(profile.seed)))
            return i + 1, traces.at[i].set(trace)

        start = (0, jnp.zeros((self.windows,) + pressure.shape))
        return lax.while_loop(pending, window, start)[1]


def main():
    monitor = TremorMonitor("RH-2 injector", geophones=3, windows=5)
    return monitor.record(jnp.array([2.2, 2.4, 2.1]))
