# label: same-values
# flax-error: none
# class: 5 make_pass_step closes over the forecaster; the scan body clones it and runs the clone's Dropout stream
"""Monte-Carlo dropout passes over the gallery temperature forecaster, for the uncertainty band."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class BandSpec:
    sensors: int = 6
    hidden: int = 10
    passes: int = 5
    dropout: float = 0.25


class GalleryForecaster(nnx.Module):
    def __init__(self, spec: BandSpec, rngs: nnx.Rngs):
        self.enc = nnx.Linear(spec.sensors, spec.hidden, rngs=rngs)
        self.drop = nnx.Dropout(spec.dropout, rngs=rngs)
        self.dec = nnx.Linear(spec.hidden, spec.sensors, rngs=rngs)

    def __call__(self, temps):
        return temps + 0.1 * self.dec(self.drop(nnx.tanh(self.enc(temps))))


def make_pass_step(forecaster: GalleryForecaster):
    def one_pass(count, temps):
        replica = nnx.clone(forecaster)
        return count + 1, replica(temps)

    return one_pass


class UncertaintyBand:
    def __init__(self, spec: BandSpec = BandSpec()):
        self.spec = spec
        self.forecaster = GalleryForecaster(spec, nnx.Rngs(params=1, dropout=2))

    def passes(self, temps):
        step = make_pass_step(self.forecaster)
        stacked = jnp.broadcast_to(temps, (self.spec.passes, self.spec.sensors))
        _, samples = lax.scan(step, jnp.zeros((), jnp.int32), stacked)
        return samples


def main():
    band = UncertaintyBand()
    return band.passes(jnp.linspace(19.0, 22.0, band.spec.sensors))
