# label: ok
# flax-error: none
# class: 1 BeamIntensityModel.__call__ runs jax.lax.scan over fog readings; the body returns the glare as a scan output and the stacked values are sown once after the loop
"""Automatic beam control for a lighthouse lantern, with per-step glare diagnostics."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LanternSpec:
    fog_channels: int = 4
    lamps: int = 6
    glare_limit: float = 0.9


class BeamIntensityModel(nn.Module):
    spec: LanternSpec

    def setup(self):
        self.lens = nn.Dense(self.spec.lamps, name="lens")
        self.shutter = nn.Dense(self.spec.lamps, name="shutter")

    def __call__(self, fog):
        idle = jnp.zeros((self.spec.lamps,))
        beam0 = jnp.tanh(self.lens(fog[0]) + 0.5 * self.shutter(idle))

        def sweep(beam, reading):
            beam = jnp.tanh(self.lens(reading) + 0.5 * self.shutter(beam))
            glare = jnp.abs(beam).max()
            return beam, (beam.mean(), glare)

        _, (intensity, glare) = jax.lax.scan(sweep, beam0, fog)
        self.sow("diagnostics", "glare", glare)
        return intensity


class KeeperConsole:
    def __init__(self, spec: LanternSpec, seed: int = 0):
        self.spec = spec
        self.model = BeamIntensityModel(spec)
        self.seed = seed
        self.params = None

    def commission(self, fog):
        self.params = self.model.init(jax.random.key(self.seed), fog)["params"]

    def night_watch(self, fog):
        intensity, diagnostics = self.model.apply(
            {"params": self.params}, fog, mutable=["diagnostics"])
        glare = jnp.stack(diagnostics["diagnostics"]["glare"])
        alarms = int((glare > self.spec.glare_limit).sum())
        return intensity, alarms


def main():
    spec = LanternSpec()
    fog = jax.random.uniform(jax.random.key(4), (8, spec.fog_channels))
    console = KeeperConsole(spec)
    console.commission(fog)
    intensity, alarms = console.night_watch(fog)
    print("intensity", float(intensity.mean()), "alarms", alarms)
    return None
