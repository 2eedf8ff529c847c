# label: same-values
# flax-error: none
# class: 2 simulate_vibration draws one key from the rig's rngs stream into a local before the scan and the body closes over that local
"""Platform vibration simulation for the carousel inspection rig."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx

scan = jax.lax.scan


class PlatformModel(nnx.Module):
    def __init__(self, sectors: int, rngs: nnx.Rngs):
        self.stiffness = nnx.Linear(sectors, sectors, rngs=rngs)
        self.amplitude = nnx.Param(jnp.full((sectors,), 0.2))

    def __call__(self, load, key):
        shake = jax.random.normal(key, load.shape)
        return nnx.tanh(self.stiffness(load)) + self.amplitude[...] * shake


class InspectionRig(nnx.Module):
    def __init__(self, sectors: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, vibration=seed + 1)
        self.platform = PlatformModel(sectors, self.rngs)


def simulate_vibration(rig: InspectionRig, load, revolutions: int):
    key = rig.rngs.vibration()

    def revolution(carry, _):
        return carry, rig.platform(load, key)

    _, shakes = scan(revolution, None, None, length=revolutions)
    return shakes


def main():
    rig = InspectionRig(sectors=4, seed=6)
    return simulate_vibration(rig, jnp.array([1.0, 0.9, 1.1, 1.0]), revolutions=5)
