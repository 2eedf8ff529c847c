# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TrajectoryRunner.rollout scans over waypoints; the body calls self.policy, whose JointNormalizer child writes its running mean to batch_stats
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

    def __call__(self, q, update_stats):
        if update_stats:
            self.mean.value = self.momentum * self.mean.value + (1.0 - self.momentum) * q.mean(axis=0)
        return q - self.mean.value


class TorquePolicy(nn.Module):
    cfg: ArmConfig

    def setup(self):
        self.normalizer = JointNormalizer(self.cfg.n_joints, self.cfg.momentum)
        self.torque_head = nn.Dense(self.cfg.n_joints)

    def __call__(self, q, update_stats=False):
        return jnp.tanh(self.torque_head(self.normalizer(q, update_stats)))


class TrajectoryRunner(nn.Module):
    cfg: ArmConfig

    def setup(self):
        self.policy = TorquePolicy(self.cfg)

    def __call__(self, q):
        return self.policy(q)

    def rollout(self, q0, waypoints, update_stats=True):
        def step(q, waypoint):
            torque = self.policy(waypoint - q, update_stats)
            return q + self.cfg.gain * torque, torque

        _, torques = scan(step, q0, waypoints)
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
