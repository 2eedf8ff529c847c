# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the target network's params are an attribute of the agent; the fori_loop body Polyak-averages them and assigns the result back to agent.target_params
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

    def _td_loss(self, online, obs, actions, rewards, next_obs):
        q = self.network.apply({"params": online}, obs)
        q_taken = jnp.take_along_axis(q, actions[:, None], axis=1)[:, 0]
        next_q = self.network.apply({"params": self.target_params}, next_obs).max(axis=1)
        target = rewards + self.config.gamma * lax.stop_gradient(next_q)
        return jnp.mean((q_taken - target) ** 2)

    def learn(self, obs, actions, rewards, next_obs):
        def body(step, online):
            grads = jax.grad(self._td_loss)(online, obs, actions, rewards, next_obs)
            online = jax.tree.map(lambda p, g: p - self.config.learning_rate * g, online, grads)
            self.target_params = polyak(self.target_params, online, self.config.tau)
            return online

        self.online_params = lax.fori_loop(0, self.config.updates_per_call, body, self.online_params)

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
