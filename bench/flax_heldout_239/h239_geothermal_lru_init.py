# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body fetches the well's variables from the functools.lru_cache getter well_variables, whose first call runs init inside the body
"""Downhole temperature forecaster with lazily loaded per-profile weights."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen


@dataclass(frozen=True)
class WellProfile:
    name: str
    depth_bins: int
    seed: int


PROFILES = {
    "deep-binary": WellProfile("deep-binary", depth_bins=6, seed=21),
    "flash-steam": WellProfile("flash-steam", depth_bins=4, seed=8),
}


class GradientForecaster(linen.Module):
    depth_bins: int

    @linen.compact
    def __call__(self, temps):
        rise = linen.Dense(self.depth_bins, name="rise")(temps)
        return temps + 0.1 * linen.tanh(rise)


@functools.lru_cache(maxsize=None)
def forecaster_for(profile: str) -> GradientForecaster:
    return GradientForecaster(PROFILES[profile].depth_bins)


@functools.lru_cache(maxsize=None)
def well_variables(profile: str):
    spec = PROFILES[profile]
    return forecaster_for(profile).init(jax.random.key(spec.seed), jnp.zeros((spec.depth_bins,)))


class WellForecastJob:
    def __init__(self, profile: str, days: int):
        self.profile = profile
        self.days = days

    def _advance(self, temps, _):
        nxt = forecaster_for(self.profile).apply(well_variables(self.profile), temps)
        return nxt, nxt.max()

    def run(self, temps):
        return scan(self._advance, temps, None, length=self.days)

    def report(self, temps):
        return forecaster_for(self.profile).apply(well_variables(self.profile), temps)


def main():
    job = WellForecastJob("deep-binary", days=5)
    start = jnp.linspace(140.0, 210.0, PROFILES["deep-binary"].depth_bins) / 100.0
    final, peaks = job.run(start)
    summary = job.report(final)
    jax.block_until_ready((final, peaks, summary))
    return None
