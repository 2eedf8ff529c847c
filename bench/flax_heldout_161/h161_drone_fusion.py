# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GyroBiasFusion.__call__ owns the "fusion" gyro-bias variable and writes it inside its own lax.scan body
"""Quadrotor attitude estimator: complementary filter fusing gyro and accelerometer streams.

The estimator keeps a slowly adapting gyro bias in a mutable "fusion" collection so the flight
controller can persist it between windows.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class FusionConfig:
    num_axes: int = 3
    alpha: float = 0.98
    bias_rate: float = 0.01
    dt: float = 0.005


class ImuStream:
    """Replays a recorded IMU log in fixed-size windows."""

    def __init__(self, seed: int, length: int, num_axes: int):
        gyro_key, accel_key = jax.random.split(jax.random.key(seed))
        self.gyro = 0.1 * jax.random.normal(gyro_key, (length, num_axes)) + 0.02
        self.accel = jax.random.normal(accel_key, (length, num_axes))

    def window(self, start: int, size: int):
        return self.gyro[start:start + size], self.accel[start:start + size]


class GyroBiasFusion(nn.Module):
    config: FusionConfig

    @nn.compact
    def __call__(self, gyro, accel):
        cfg = self.config
        bias = self.variable("fusion", "gyro_bias", jnp.zeros, (cfg.num_axes,))
        accel_angle = nn.Dense(cfg.num_axes, name="accel_to_angle")(accel)

        def step(angle, sample):
            rate, measured = sample
            predicted = angle + (rate - bias.value) * cfg.dt
            fused = cfg.alpha * predicted + (1.0 - cfg.alpha) * measured
            bias.value = bias.value + cfg.bias_rate * (predicted - measured)
            return fused, fused

        _, angles = lax.scan(step, jnp.zeros((cfg.num_axes,)), (gyro, accel_angle))
        return angles


class FlightEstimator:
    def __init__(self, config: FusionConfig, stream: ImuStream):
        self.model = GyroBiasFusion(config)
        self.stream = stream
        self.variables = self.model.init(jax.random.key(0), *stream.window(0, 16))

    def process(self, start: int, size: int):
        angles, updates = self.model.apply(self.variables, *self.stream.window(start, size), mutable=["fusion"])
        self.variables = {**self.variables, **updates}
        return angles


def main():
    config = FusionConfig()
    estimator = FlightEstimator(config, ImuStream(seed=7, length=128, num_axes=config.num_axes))
    for start in (0, 32, 64):
        estimator.process(start, 32)
    jnp.linalg.norm(estimator.variables["fusion"]["gyro_bias"])
    return None
