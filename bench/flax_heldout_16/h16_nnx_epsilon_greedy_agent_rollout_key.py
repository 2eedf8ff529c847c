# label: same-values
# flax-error: none
# class: 2 the Agent draws one key from its nnx.Rngs before the scan and the rollout body uses that captured key for the epsilon-greedy draws
"""Epsilon-greedy Q-learning agent collecting a rollout in a toy chain environment (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    obs_dim: int = 5
    num_actions: int = 3
    hidden: int = 16
    epsilon: float = 0.3
    horizon: int = 6


class QNetwork(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc1 = nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.num_actions, rngs=rngs)

    def __call__(self, obs):
        return self.fc2(nnx.relu(self.fc1(obs)))


def chain_env_step(obs, action):
    pos = jnp.argmax(obs)
    pos = jnp.clip(pos + action - 1, 0, obs.shape[-1] - 1)
    return jax.nn.one_hot(pos, obs.shape[-1]), (pos == obs.shape[-1] - 1).astype(jnp.float32)


class Agent:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.q = QNetwork(cfg, rngs=nnx.Rngs(seed))
        self.rngs = nnx.Rngs(explore=seed + 1)

    def select(self, obs, key):
        k_explore, k_action = jax.random.split(key)
        explore_u = jax.random.uniform(k_explore)
        random_action = jax.random.randint(k_action, (), 0, self.cfg.num_actions)
        greedy = jnp.argmax(self.q(obs))
        return jnp.where(explore_u < self.cfg.epsilon, random_action, greedy), explore_u

    def rollout(self, obs0):
        key = self.rngs.explore()

        def body(obs, _):
            action, explore_u = self.select(obs, key)
            obs, reward = chain_env_step(obs, action)
            return obs, (explore_u, reward)

        _, (explore_draws, rewards) = jax.lax.scan(body, obs0, None, length=self.cfg.horizon)
        return explore_draws, rewards


def main():
    cfg = AgentConfig()
    agent = Agent(cfg)
    explore_draws, rewards = agent.rollout(jax.nn.one_hot(0, cfg.obs_dim))
    return explore_draws
