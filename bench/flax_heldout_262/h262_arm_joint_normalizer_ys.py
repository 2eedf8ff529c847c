# label: ok
# flax-error: none
# class: 4 TrajectoryRunner.rollout scans over waypoints calling self.policy; the batch means leave as ys and JointNormalizer.absorb writes batch_stats after the loop
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ArmConfig:
    n_joints: int = 6
    momentum: float = 0.9
    gain: float = 0.1


class JointNormalizer(nn.Module):
    n_joints: int
    momentum: float

    def setup(self):
        self.mean = self.variable("batch_stats", "mean", jnp.zeros, (self.n_joints,))

    def __call__(self, q):
        return q - self.mean.value, q.mean(axis=0)

    def absorb(self, batch_means):
        running = self.mean.value
        for m in batch_means:
            running = self.momentum * running + (1.0 - self.momentum) * m
        self.mean.value = running


class TorquePolicy(nn.Module):
    cfg: ArmConfig

    def setup(self):
        self.normalizer = JointNormalizer(self.cfg.n_joints, self.cfg.momentum)
        self.torque_head = nn.Dense(self.cfg.n_joints)

    def __call__(self, q):
        centred, batch_mean = self.normalizer(q)
        return jnp.tanh(self.torque_head(centred)), batch_mean

    def absorb(self, batch_means):
        self.normalizer.absorb(batch_means)


class TrajectoryRunner(nn.Module):
    cfg: ArmConfig

    def setup(self):
        self.policy = TorquePolicy(self.cfg)

    def __call__(self, q):
        return self.policy(q)[0]

    def rollout(self, q0, waypoints, update_stats=True):
        def step(q, waypoint):
            torque, batch_mean = self.policy(waypoint - q)
            return q + self.cfg.gain * torque, (torque, batch_mean)

        _, (torques, batch_means) = scan(step, q0, waypoints)
        if update_stats:
            self.policy.absorb(batch_means)
        return torques


class ArmControlService:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.runner = TrajectoryRunner(cfg)
        self.variables = self.runner.init(jax.random.key(seed), jnp.zeros((2, cfg.n_joints)))

    def execute(self, q0, waypoints):
        torques, updates = self.runner.apply(
            self.variables, q0, waypoints, method=TrajectoryRunner.rollout, mutable=["batch_stats"]
        )
        self.variables = {**self.variables, **updates}
        return torques

    def hold_torque(self, q):
        return self.runner.apply(self.variables, q)


def main():
    cfg = ArmConfig()
    service = ArmControlService(cfg)
    q0 = jnp.zeros((2, cfg.n_joints))
    waypoints = jnp.linspace(0.0, 1.0, 5)[:, None, None] * jnp.ones((5, 2, cfg.n_joints))
    torques = service.execute(q0, waypoints)
    hold = service.hold_torque(q0 + 0.5)
    jax.block_until_ready((torques, hold))
    return None
