# label: same-values
# flax-error: none
# class: 3 SalinityProbe.calibration, an nnx.Rngs attribute, is read as calibration.drift.key[...] (the stream's key, never advanced) in every fori_loop step
"""Probe-drift simulation for the salinity controllers of a public aquarium's reef tanks.

The conductivity probes drift between calibrations; the simulator draws one drift realisation per
hour of the calibration interval to size the dosing pump's safety margin.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SalinityProbe(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs, drift_sd: float = 0.02):
        self.to_psu = nnx.Linear(channels, 1, rngs=rngs)
        self.calibration = nnx.Rngs(drift=2024)
        self.drift_sd = drift_sd

    def read(self, conductivity, key):
        drift = self.drift_sd * jax.random.normal(key, conductivity.shape)
        return 35.0 + self.to_psu(conductivity + drift)[..., 0]

    def simulate_interval(self, conductivity, hours: int):
        def hour(i, readings):
            key = self.calibration.drift.key[...]
            return readings.at[i].set(self.read(conductivity, key))

        readings = jnp.zeros((hours, conductivity.shape[0]))
        return lax.fori_loop(0, hours, hour, readings)


class ReefTank:
    def __init__(self, probe: SalinityProbe, name: str):
        self.probe = probe
        self.name = name


def main():
    tank = ReefTank(SalinityProbe(3, nnx.Rngs(0)), "indo_pacific")
    conductivity = jax.random.uniform(jax.random.key(101), (4, 3))  # probes x channels
    return tank.probe.simulate_interval(conductivity, hours=8)
