# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 HiveThermals wraps FrameBlock in nn.remat and calls the rematerialised block inside a raw scan over the brood frames, so init creates its params inside the loop
"""Beekeeping: heat flow across the frames of an overwintering hive.

The frame block is rematerialised to keep memory flat on the edge devices that sit in the apiary;
the hive model walks from the cluster centre outward, frame by frame.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class HiveSpec:
    n_frames: int = 8
    n_sensors: int = 4
    width: int = 6


class FrameBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, heat, sensors):
        conduct = nn.Dense(self.width, name="conduct")(jnp.concatenate([heat, sensors]))
        return heat + 0.1 * jnp.tanh(conduct)


class HiveThermals(nn.Module):
    spec: HiveSpec

    @nn.compact
    def __call__(self, frame_sensors):  # [frames, sensors]
        block = nn.remat(FrameBlock)(self.spec.width, name="frame")

        def across_frame(heat, sensors):
            heat = block(heat, sensors)
            return heat, heat.mean()

        heat, profile = scan(across_frame, jnp.full((self.spec.width,), 34.0), frame_sensors)
        return heat, profile


class ApiaryMonitor:
    def __init__(self, spec: HiveSpec, seed: int = 0):
        self.spec = spec
        self.model = HiveThermals(spec)
        dummy = jnp.zeros((spec.n_frames, spec.n_sensors))
        self.variables = self.model.init(jax.random.key(seed), dummy)

    def nightly_profile(self, readings):
        _, profile = self.model.apply(self.variables, readings)
        return profile


def main():
    spec = HiveSpec()
    monitor = ApiaryMonitor(spec)
    readings = jax.random.normal(jax.random.key(4), (spec.n_frames, spec.n_sensors))
    profile = monitor.nightly_profile(readings)
    print("frame temperatures", profile)
    return None


if __name__ == "__main__":
    main()
