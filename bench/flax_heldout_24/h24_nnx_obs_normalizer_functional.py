# label: ok
# flax-error: none
# class: 3 a rollout helper splits the agent and the raw lax.scan body merges it from the carried state before agent.act updates the normalizer; nnx.update writes the final state back
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
    graphdef, state = nnx.split(agent)

    def step(carry, _):
        obs, state = carry
        agent = nnx.merge(graphdef, state)
        obs, reward = env_step(obs, agent.act(obs))
        return (obs, nnx.state(agent)), reward

    (obs, state), rewards = jax.lax.scan(step, (obs0, state), None, length=num_steps)
    nnx.update(agent, state)
    return obs, rewards


def main():
    agent = Agent(4, 2, rngs=nnx.Rngs(0))
    obs, rewards = rollout(agent, jnp.array([1.0, -2.0, 0.5, 3.0]), 16)
    print(rewards.sum(), agent.normalizer._state.get_value().count)
    return None
