# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'NormalizeObservations' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a rollout helper scans agent.act, which calls normalizer.update; update rebinds the module attribute _state on the NormalizeObservations module held by the agent
# modelled on: code search "class NormalizeObservations(nnx.Module)" (NNX wrapper over brax running_statistics, update() reassigns self._state) and purejaxrl-style env_step scans
"""PPO-style rollout with running observation normalisation (Welford)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import nnx


class RunningStatisticsState(NamedTuple):
    count: jax.Array
    mean: jax.Array
    m2: jax.Array


def update_stats(s, x):
    count = s.count + 1.0
    delta = x - s.mean
    mean = s.mean + delta / count
    return RunningStatisticsState(count, mean, s.m2 + delta * (x - mean))


class NormalizeObservations(nnx.Module):
    def __init__(self, dim: int):
        self._state = nnx.Variable(RunningStatisticsState(jnp.zeros(()), jnp.zeros(dim), jnp.zeros(dim)))

    def __call__(self, x):
        s = self._state.get_value()
        return (x - s.mean) / jnp.sqrt(s.m2 / jnp.maximum(s.count, 1.0) + 1e-6)

    def update(self, x):
        self._state = nnx.Variable(update_stats(self._state.get_value(), x))


class Agent(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.normalizer = NormalizeObservations(obs_dim)
        self.policy = nnx.Linear(obs_dim, act_dim, rngs=rngs)

    def act(self, obs):
        self.normalizer.update(obs)
        return jnp.tanh(self.policy(self.normalizer(obs)))


def env_step(obs, action):
    next_obs = 0.95 * obs + 0.1 * jnp.concatenate([action, -action])
    return next_obs, -jnp.sum(next_obs**2)


def rollout(agent, obs0, num_steps):
    def step(obs, _):
        obs, reward = env_step(obs, agent.act(obs))
        return obs, reward

    return jax.lax.scan(step, obs0, None, length=num_steps)


def main():
    agent = Agent(4, 2, rngs=nnx.Rngs(0))
    obs, rewards = rollout(agent, jnp.array([1.0, -2.0, 0.5, 3.0]), 16)
    print(rewards.sum(), agent.normalizer._state.get_value().count)
    return None
