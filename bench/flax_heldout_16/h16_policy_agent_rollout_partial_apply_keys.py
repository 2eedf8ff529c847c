# label: ok
# flax-error: none
# class: 4 an Agent object holds a jitted partial(model.apply, method=Policy.sample_action) that the rollout scan body calls with a key from the scanned xs
"""Actor-critic agent collecting a rollout in a toy point-mass environment."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    obs_dim: int = 4
    num_actions: int = 3
    hidden: int = 16
    horizon: int = 6


class Torso(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, obs):
        return nn.tanh(nn.Dense(self.hidden)(nn.tanh(nn.Dense(self.hidden)(obs))))


class Policy(nn.Module):
    config: AgentConfig

    def setup(self):
        self.torso = Torso(self.config.hidden)
        self.logits = nn.Dense(self.config.num_actions)
        self.value = nn.Dense(1)

    def __call__(self, obs):
        h = self.torso(obs)
        return self.logits(h), self.value(h).squeeze(-1)

    def sample_action(self, obs, key):
        logits, value = self(obs)
        return jax.random.categorical(key, logits), value


def env_step(obs, action):
    move = jnp.array([-0.1, 0.0, 0.1])[action]
    obs = obs.at[0].add(move)
    return obs, -jnp.abs(obs[0])


class Agent:
    def __init__(self, config, key):
        self.config = config
        self.model = Policy(config)
        self.params = self.model.init(key, jnp.zeros((config.obs_dim,)))
        self._act = jax.jit(functools.partial(self.model.apply, method=Policy.sample_action))

    def rollout(self, obs, key):
        def body(obs, step_key):
            action, value = self._act(self.params, obs, step_key)
            next_obs, reward = env_step(obs, action)
            return next_obs, (action, reward, value)

        keys = jax.random.split(key, self.config.horizon)
        _, (actions, rewards, values) = jax.lax.scan(body, obs, keys)
        return actions, rewards, values


def main():
    config = AgentConfig()
    agent = Agent(config, jax.random.key(0))
    actions, rewards, values = agent.rollout(jnp.ones((config.obs_dim,)), jax.random.key(1))
    return actions
