# label: same-values
# flax-error: none
# class: 2 the sensor key is drawn once from the Rngs into a local of the drift simulation function and used directly in the scan body at every hour
"""Sensor drift study for a hop kiln's humidity sensors: noisy readings pushed through an NNX calibration model."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import random
from jax.lax import scan as lax_scan


@dataclass(frozen=True)
class DriftStudy:
    hours: int = 5
    noise_scale: float = 0.05
    kiln: str = "oast-north"


class SensorCalibration(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.trim = nnx.Linear(sensors, sensors, rngs=rngs)

    def __call__(self, raw: jax.Array) -> jax.Array:
        return raw + 0.1 * self.trim(raw)


def simulate_drift(model: SensorCalibration, rngs: nnx.Rngs, reading: jax.Array, study: DriftStudy) -> jax.Array:
    key = rngs.sensor()

    def hour(carry, h):
        noisy = reading + study.noise_scale * random.normal(key, reading.shape)
        return carry, model(noisy)

    _, calibrated = lax_scan(hour, None, jnp.arange(study.hours))
    return calibrated


def main():
    rngs = nnx.Rngs(params=0, sensor=42)
    model = SensorCalibration(3, rngs=rngs)
    reading = jnp.array([0.61, 0.58, 0.64])
    return simulate_drift(model, rngs, reading, DriftStudy())
