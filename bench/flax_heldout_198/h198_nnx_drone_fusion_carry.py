# label: ok
# flax-error: none
# class: 4 FlightController.run splits the estimator's FusionStack, carries its state through the scan, merges it in the body for self.estimator.fuse and updates the net afterwards
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

    def fuse(self, frame, net=None):
        net = self.net if net is None else net
        est = net(frame["imu"], frame["baro"])
        return est[..., 0], est[..., 1]


class FlightController:
    def __init__(self, estimator, cfg, target_alt):
        self.estimator = estimator
        self.cfg = cfg
        self.target_alt = target_alt

    def run(self, frames, thrust0):
        graphdef, state = nnx.split(self.estimator.net)

        def tick(carry, frame):
            thrust, state = carry
            net = nnx.merge(graphdef, state)
            alt, climb = self.estimator.fuse(frame, net)
            thrust = self.cfg.kp * (self.target_alt - alt) - self.cfg.kd * climb
            return (thrust, nnx.state(net)), thrust

        (thrust, state), thrusts = lax.scan(tick, (thrust0, state), frames)
        nnx.update(self.estimator.net, state)
        return thrust, thrusts


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
