# label: ok
# flax-error: none
# class: 4 PolicyServer -> GripperController -> self.policy, an NNX policy picked by config string and switched to eval mode before serving; the scan body calls controller.act, which only reads the policy
"""Gripper policy server: a learned policy proposes joint targets, a safety filter clamps them to limits."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class MLPPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs):
        self.hidden = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(16, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.out(self.drop(nnx.relu(self.hidden(obs)))))


class ResidualPolicy(MLPPolicy):
    def __call__(self, obs):
        return obs[: self.out.out_features] + 0.5 * super().__call__(obs)


POLICIES = {"mlp": MLPPolicy, "residual": ResidualPolicy}


@dataclasses.dataclass(frozen=True)
class ServerConfig:
    policy: str = "mlp"
    obs_dim: int = 4
    act_dim: int = 4
    joint_limit: float = 0.8
    horizon: int = 6


class SafetyFilter:
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, action):
        return jnp.clip(action, -self.limit, self.limit)


class GripperController:
    def __init__(self, policy, safety):
        self.policy = policy
        self.safety = safety

    def act(self, obs):
        return self.safety(self.policy(obs))


class PolicyServer:
    def __init__(self, cfg):
        self.cfg = cfg
        policy = POLICIES[cfg.policy](cfg.obs_dim, cfg.act_dim, rngs=nnx.Rngs(params=0, dropout=1))
        policy.eval()
        self.controller = GripperController(policy, SafetyFilter(cfg.joint_limit))

    def rollout(self, obs0):
        def body(obs, _):
            action = self.controller.act(obs)
            return 0.9 * obs + 0.1 * action, action

        _, actions = jax.lax.scan(body, obs0, None, length=self.cfg.horizon)
        return actions


def main():
    server = PolicyServer(ServerConfig())
    return server.rollout(jnp.array([0.5, -0.3, 0.2, 0.9]))
