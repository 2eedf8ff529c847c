# label: same-values
# flax-error: none
# class: 4 HiveMonitor's SensorCalibration exposes the noise key as a functools.cached_property; the lax.scan body builds nnx.Rngs(sensor=monitor.calibration.sensor_key) afresh in every step and passes it to the model
"""Apiary: simulate noisy hive-weight sensor readings across a sequence of inspections."""
from dataclasses import dataclass
from functools import cached_property

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class HiveWeightModel(nnx.Module):
    def __init__(self, n_frames, rngs: nnx.Rngs):
        self.frames = nnx.Linear(n_frames, 8, rngs=rngs)
        self.kg = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, frames, *, rngs: nnx.Rngs):
        weight = 30.0 + self.kg(nnx.softplus(self.frames(frames)))[..., 0]
        return weight + 0.5 * rngs.sensor.normal(weight.shape)


@dataclass(frozen=True)
class ApiaryConfig:
    sensor_seed: int = 17
    inspections: int = 6


class SensorCalibration:
    def __init__(self, config: ApiaryConfig):
        self.config = config

    @cached_property
    def sensor_key(self):
        return jax.random.key(self.config.sensor_seed)


class HiveMonitor:
    def __init__(self, model, config):
        self.model = model
        self.config = config
        self.calibration = SensorCalibration(config)

    def readings(self, frames):
        def body(i, _):
            rngs = nnx.Rngs(sensor=self.calibration.sensor_key)
            return i + 1, self.model(frames, rngs=rngs)

        _, weights = lax.scan(body, 0, None, length=self.config.inspections)
        return weights


def main():
    frames = jax.random.uniform(jax.random.key(0), (12, 10))
    monitor = HiveMonitor(HiveWeightModel(10, nnx.Rngs(0)), ApiaryConfig())
    return monitor.readings(frames)
