# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 FlightController.run scans over IMU/baro frames calling self.estimator.fuse, which runs the estimator's FusionStack whose BatchNorm stage updates its BatchStat variables
"""Quadrotor flight controller: an IMU stage and a barometer stage are fused by a learned
state estimator, and a PD law turns the estimated altitude error into thrust."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class AirframeConfig:
    imu_dim: int = 6
    baro_dim: int = 2
    hidden: int = 16
    kp: float = 1.2
    kd: float = 0.4


class ImuStage(nnx.Module):
    def __init__(self, cfg, rngs):
        self.proj = nnx.Linear(cfg.imu_dim, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, momentum=0.95, rngs=rngs)

    def __call__(self, imu):
        return self.norm(self.proj(imu))


class BaroStage(nnx.Module):
    def __init__(self, cfg, rngs):
        self.proj = nnx.Linear(cfg.baro_dim, cfg.hidden, rngs=rngs)

    def __call__(self, baro):
        return nnx.tanh(self.proj(baro))


class FusionStack(nnx.Module):
    def __init__(self, cfg, rngs):
        self.imu = ImuStage(cfg, rngs)
        self.baro = BaroStage(cfg, rngs)
        self.out = nnx.Linear(cfg.hidden, 2, rngs=rngs)

    def __call__(self, imu, baro):
        return self.out(self.imu(imu) + self.baro(baro))


class StateEstimator:
    def __init__(self, net):
        self.net = net

    def fuse(self, frame):
        est = self.net(frame["imu"], frame["baro"])
        return est[..., 0], est[..., 1]


class FlightController:
    def __init__(self, estimator, cfg, target_alt):
        self.estimator = estimator
        self.cfg = cfg
        self.target_alt = target_alt

    def _tick(self, thrust, frame):
        alt, climb = self.estimator.fuse(frame)
        thrust = self.cfg.kp * (self.target_alt - alt) - self.cfg.kd * climb
        return thrust, thrust

    def run(self, frames, thrust0):
        return lax.scan(self._tick, thrust0, frames)


def flight_log(key, cfg, steps=10, drones=4):
    ki, kb = jax.random.split(key)
    return {"imu": jax.random.normal(ki, (steps, drones, cfg.imu_dim)),
            "baro": jax.random.normal(kb, (steps, drones, cfg.baro_dim))}


def main():
    cfg = AirframeConfig()
    net = FusionStack(cfg, nnx.Rngs(0))
    net.train()
    controller = FlightController(StateEstimator(net), cfg, target_alt=10.0)
    thrust, _ = controller.run(flight_log(jax.random.key(1), cfg), jnp.zeros((4,)))
    print(thrust, net.imu.norm.mean[...])
    return None
