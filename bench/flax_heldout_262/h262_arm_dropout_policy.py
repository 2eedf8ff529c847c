# label: same-values
# flax-error: none
# class: 4 RolloutEngine.sample_actions scans over time steps; the body calls self.policy.explore, whose nn.Dropout draws from the 'dropout' stream inside the body
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ExplorationPolicy(nn.Module):
    n_joints: int
    width: int = 16
    rate: float = 0.3

    def setup(self):
        self.trunk = nn.Dense(self.width)
        self.drop = nn.Dropout(self.rate)
        self.head = nn.Dense(self.n_joints)

    def __call__(self, obs):
        return jnp.tanh(self.head(nn.relu(self.trunk(obs))))

    def explore(self, obs):
        h = self.drop(nn.relu(self.trunk(obs)), deterministic=False)
        return jnp.tanh(self.head(h))


class RolloutEngine(nn.Module):
    n_joints: int

    def setup(self):
        self.policy = ExplorationPolicy(self.n_joints)

    def __call__(self, obs):
        return self.policy(obs)

    def sample_actions(self, obs, horizon):
        def step(carry, t):
            return carry, self.policy.explore(obs)

        _, actions = jax.lax.scan(step, None, jnp.arange(horizon))
        return actions


class ArmController:
    def __init__(self, n_joints=4, seed=0):
        self.engine = RolloutEngine(n_joints)
        obs = jnp.zeros((1, 2 * n_joints))
        self.variables = self.engine.init(jax.random.key(seed), obs)
        self.sampler = functools.partial(self.engine.apply, self.variables, method=RolloutEngine.sample_actions)

    def candidate_actions(self, joint_pos, joint_vel, horizon, key):
        obs = jnp.concatenate([joint_pos, joint_vel], axis=-1)
        return self.sampler(obs, horizon, rngs={"dropout": key})


def main():
    controller = ArmController()
    joint_pos = jnp.array([[0.2, -0.5, 1.1, 0.0]])
    joint_vel = jnp.array([[0.0, 0.1, -0.1, 0.05]])
    return controller.candidate_actions(joint_pos, joint_vel, horizon=5, key=jax.random.key(4))
