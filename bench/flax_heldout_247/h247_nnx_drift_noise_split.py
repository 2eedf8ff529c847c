# label: ok
# flax-error: none
# class: 2 simulate_drift splits the local key from rngs.gust() into one key per step and scans them as xs of lax.scan
"""Wind-drift loading on lee slopes: gust-perturbed transport for the avalanche centre."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx


@dataclass(frozen=True)
class DriftSetup:
    ridges: int = 3
    wind_features: int = 4  # speed, direction sin, direction cos, fetch
    steps: int = 6
    gust_sigma: float = 0.25


class DriftTransport(nnx.Module):
    def __init__(self, setup: DriftSetup, *, rngs: nnx.Rngs):
        self.transport = nnx.Linear(setup.wind_features, 1, rngs=rngs)

    def __call__(self, wind):
        return nnx.softplus(self.transport(wind))[..., 0]


def simulate_drift(model: DriftTransport, rngs: nnx.Rngs, wind, setup: DriftSetup):
    hourly_keys = jax.random.split(rngs.gust(), setup.steps)

    def hour(_, gust_key):
        gust = setup.gust_sigma * jax.random.normal(gust_key, wind.shape)
        return None, model(wind + gust)

    _, deposits = lax.scan(hour, None, hourly_keys)
    return deposits


class LeeSlopeStudy:
    def __init__(self, setup: DriftSetup, seed: int = 0):
        self.setup = setup
        self.rngs = nnx.Rngs(params=seed, gust=seed + 1)
        self.model = DriftTransport(setup, rngs=self.rngs)

    def wind(self):
        return jnp.tile(jnp.array([[1.2, 0.0, 1.0, 0.6]]), (self.setup.ridges, 1))

    def run(self):
        return simulate_drift(self.model, self.rngs, self.wind(), self.setup)


def main():
    return LeeSlopeStudy(DriftSetup()).run()
