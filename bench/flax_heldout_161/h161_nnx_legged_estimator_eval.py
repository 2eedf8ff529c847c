# label: ok
# flax-error: none
# class: 3 StateEstimator.net (a BatchNorm fusion network switched to eval mode before the loop) is called from the scan body over sensor frames
"""Legged-robot state estimator: fuses joint encoders, foot contacts and IMU into a base-velocity estimate."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class SensorLayout:
    joints: int = 12
    contacts: int = 4
    imu: int = 6

    @property
    def width(self) -> int:
        return 2 * self.joints + self.contacts + self.imu


class FusionNet(nnx.Module):
    def __init__(self, layout: SensorLayout, rngs: nnx.Rngs):
        self.encode = nnx.Linear(layout.width, 48, rngs=rngs)
        self.norm = nnx.BatchNorm(48, momentum=0.9, rngs=rngs)
        self.velocity = nnx.Linear(48, 3, rngs=rngs)

    def __call__(self, frame):
        return self.velocity(nnx.silu(self.norm(self.encode(frame))))


class SensorHub:
    def __init__(self, layout: SensorLayout, seed: int):
        self.layout = layout
        self.key = jax.random.key(seed)

    def frames(self, steps: int, legs: int = 4):
        self.key, sub = jax.random.split(self.key)
        return jax.random.normal(sub, (steps, legs, self.layout.width))


class StateEstimator:
    def __init__(self, layout: SensorLayout, seed: int = 0):
        self.net = FusionNet(layout, nnx.Rngs(seed))
        self.net.eval()

    def estimate(self, frames):
        def step(position, frame):
            velocity = self.net(frame).mean(axis=0)
            return position + 0.002 * velocity, velocity

        return lax.scan(step, jnp.zeros(3), frames)


def main():
    layout = SensorLayout()
    hub = SensorHub(layout, seed=4)
    estimator = StateEstimator(layout)
    estimator.estimate(hub.frames(16))
    return None
