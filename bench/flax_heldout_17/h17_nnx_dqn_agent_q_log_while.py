# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the DQNAgent module's act method appends the max Q-value to a plain list attribute of the agent from the while_loop body of evaluate
"""Greedy evaluation of an NNX DQN agent on a chain environment, logging Q-values."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ChainEnv:
    length: int = 7
    max_steps: int = 15

    def observe(self, pos):
        return jax.nn.one_hot(pos, self.length)

    def step(self, pos, action):
        pos = jnp.clip(pos + 2 * action - 1, 0, self.length - 1)
        return pos, jnp.where(pos == self.length - 1, 1.0, -0.01), pos == self.length - 1


class QNetwork(nnx.Module):
    def __init__(self, obs_dim, num_actions, hidden, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(obs_dim, hidden, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, num_actions, rngs=rngs)

    def __call__(self, obs):
        return self.fc2(nnx.relu(self.fc1(obs)))


class DQNAgent(nnx.Module):
    def __init__(self, obs_dim, num_actions=2, hidden=32, *, rngs: nnx.Rngs):
        self.q_net = QNetwork(obs_dim, num_actions, hidden, rngs=rngs)
        self.target_net = QNetwork(obs_dim, num_actions, hidden, rngs=rngs)
        self.q_log = []

    def act(self, obs):
        q = self.q_net(obs)
        self.q_log.append(q.max())
        return jnp.argmax(q)


def evaluate(agent, env):
    def cond(state):
        _, _, done, t = state
        return jnp.logical_and(~done, t < env.max_steps)

    def body(state):
        pos, ret, _, t = state
        pos, reward, done = env.step(pos, agent.act(env.observe(pos)))
        return pos, ret + reward, done, t + 1

    init = (jnp.array(env.length // 2), jnp.array(0.0), jnp.array(False), jnp.array(0))
    _, ret, _, _ = jax.lax.while_loop(cond, body, init)
    return ret


def main():
    env = ChainEnv()
    agent = DQNAgent(env.length, rngs=nnx.Rngs(0))
    ret = evaluate(agent, env)
    print("return", ret, "mean max-Q", jnp.mean(jnp.stack(agent.q_log)))
    return None
