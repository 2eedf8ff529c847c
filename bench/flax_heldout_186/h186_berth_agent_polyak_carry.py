# label: ok
# flax-error: none
# class: 3 the target network's params are an attribute of the agent; they enter the fori_loop carry next to the online params and are assigned back after the loop
"""Berth-allocation agent for a container terminal: a Q-network scores which quay crane to assign
next, and a slowly moving target network (Polyak averaging) stabilises the TD targets."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CraneQNetwork(nn.Module):
    n_cranes: int = 4

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(24)(obs))
        return nn.Dense(self.n_cranes)(h)


@dataclass(frozen=True)
class AgentConfig:
    tau: float = 0.05
    gamma: float = 0.95
    learning_rate: float = 0.01
    updates_per_call: int = 5


def polyak(target, online, tau):
    return jax.tree.map(lambda t, o: (1.0 - tau) * t + tau * o, target, online)


class BerthAgent:
    def __init__(self, network: nn.Module, params, config: AgentConfig):
        self.network = network
        self.online_params = params
        self.target_params = jax.tree.map(jnp.copy, params)
        self.config = config

    def _td_loss(self, online, target_params, obs, actions, rewards, next_obs):
        q = self.network.apply({"params": online}, obs)
        q_taken = jnp.take_along_axis(q, actions[:, None], axis=1)[:, 0]
        next_q = self.network.apply({"params": target_params}, next_obs).max(axis=1)
        target = rewards + self.config.gamma * lax.stop_gradient(next_q)
        return jnp.mean((q_taken - target) ** 2)

    def learn(self, obs, actions, rewards, next_obs):
        def body(step, carry):
            online, target_params = carry
            grads = jax.grad(self._td_loss)(online, target_params, obs, actions, rewards, next_obs)
            online = jax.tree.map(lambda p, g: p - self.config.learning_rate * g, online, grads)
            target_params = polyak(target_params, online, self.config.tau)
            return online, target_params

        carry = (self.online_params, self.target_params)
        self.online_params, self.target_params = lax.fori_loop(0, self.config.updates_per_call, body, carry)

    def greedy_crane(self, obs):
        return jnp.argmax(self.network.apply({"params": self.target_params}, obs), axis=-1)


def main():
    key = jax.random.key(0)
    obs = jax.random.normal(key, (16, 10))
    next_obs = jax.random.normal(jax.random.key(1), (16, 10))
    actions = jax.random.randint(jax.random.key(2), (16,), 0, 4)
    rewards = jax.random.uniform(jax.random.key(3), (16,))
    network = CraneQNetwork()
    params = network.init(jax.random.key(4), obs)["params"]
    agent = BerthAgent(network, params, AgentConfig())
    agent.learn(obs, actions, rewards, next_obs)
    agent.greedy_crane(obs).block_until_ready()
    return None
