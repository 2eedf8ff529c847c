# label: ok
# flax-error: none
# class: 3 StateEstimator.filter_stream runs jax.lax.scan over sensor frames; the body calls self.norm, a BatchNorm attribute that reads its running averages (evaluation mode)
import dataclasses

import jax
from jax import numpy as jnp
from flax import linen as nn


@dataclasses.dataclass
class EstimatorConfig:
    n_joints: int = 4
    n_sensors: int = 7
    width: int = 16


class StateEstimator(nn.Module):
    n_joints: int
    width: int
    train: bool

    def setup(self):
        self.encode = nn.Dense(self.width)
        self.norm = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)
        self.decode = nn.Dense(self.n_joints)

    def __call__(self, sensors):
        return self.decode(nn.gelu(self.norm(self.encode(sensors))))

    def filter_stream(self, q0, frames):
        def step(q_est, sensors):
            q_est = 0.8 * q_est + 0.2 * self.decode(nn.gelu(self.norm(self.encode(sensors))))
            return q_est, q_est

        _, track = jax.lax.scan(step, q0, frames)
        return track


class SensorPipeline:
    def __init__(self, offsets):
        self.offsets = offsets

    def frames(self, raw):
        return (raw - self.offsets) / 1000.0


class ArmMonitor:
    def __init__(self, cfg, variables):
        self.cfg = cfg
        self.estimator = StateEstimator(cfg.n_joints, cfg.width, train=False)
        self.variables = variables

    def joint_track(self, frames):
        q0 = jnp.zeros((frames.shape[1], self.cfg.n_joints))
        return self.estimator.apply(self.variables, q0, frames, method=StateEstimator.filter_stream)


def trained_variables(cfg, seed=0):
    model = StateEstimator(cfg.n_joints, cfg.width, train=True)
    return model.init(jax.random.key(seed), jnp.ones((3, cfg.n_sensors)))


def main():
    cfg = EstimatorConfig()
    pipeline = SensorPipeline(offsets=jnp.full((cfg.n_sensors,), 512.0))
    raw = 512.0 + 40.0 * jnp.sin(jnp.arange(6 * 3 * cfg.n_sensors, dtype=jnp.float32)).reshape(6, 3, cfg.n_sensors)
    monitor = ArmMonitor(cfg, trained_variables(cfg))
    track = monitor.joint_track(pipeline.frames(raw))
    jax.block_until_ready(track)
    return None
