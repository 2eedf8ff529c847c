# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "action_counts" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 QNetwork.act updates its 'counters' variable and is reached through apply(method=QNetwork.act) from the while_loop body of run_episode
"""Greedy evaluation of a DQN agent on a chain environment."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ChainEnv:
    length: int = 7
    max_steps: int = 20

    def observe(self, pos):
        return jax.nn.one_hot(pos, self.length)

    def step(self, pos, action):
        pos = jnp.clip(pos + 2 * action - 1, 0, self.length - 1)
        reward = jnp.where(pos == self.length - 1, 1.0, -0.01)
        return pos, reward, pos == self.length - 1


class QNetwork(nn.Module):
    num_actions: int = 2
    hidden: int = 32

    def setup(self):
        self.hidden_layer = nn.Dense(self.hidden)
        self.out = nn.Dense(self.num_actions)
        self.counts = self.variable("counters", "action_counts", jnp.zeros, (self.num_actions,))

    def __call__(self, obs):
        return self.out(nn.relu(self.hidden_layer(obs)))

    def act(self, obs):
        action = jnp.argmax(self(obs), axis=-1)
        self.counts.value = self.counts.value + jax.nn.one_hot(action, self.num_actions)
        return action


def run_episode(model, variables, env):
    def cond(state):
        _, _, done, t = state
        return jnp.logical_and(~done, t < env.max_steps)

    def body(state):
        pos, ret, _, t = state
        action = model.apply(variables, env.observe(pos), method=QNetwork.act)
        pos, reward, done = env.step(pos, action)
        return pos, ret + reward, done, t + 1

    init = (jnp.array(env.length // 2), jnp.array(0.0), jnp.array(False), jnp.array(0))
    _, ret, _, steps = jax.lax.while_loop(cond, body, init)
    return ret, steps


def main():
    env = ChainEnv()
    model = QNetwork()
    variables = model.init(jax.random.key(0), env.observe(jnp.array(0)))
    ret, steps = jax.jit(run_episode, static_argnums=(0, 2))(model, variables, env)
    print("return", ret, "steps", steps)
    return None
