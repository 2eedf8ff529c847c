# label: ok
# flax-error: none
# class: 3 the Agent object holds the params; the GRU hidden state goes through the while_loop carry and back onto the agent after the loop
"""A recurrent policy (GRUCell) acting in a toy environment until done, with lax.while_loop.

The agent's act() is pure in the hidden state: the body carries it, and the episode's final
hidden state is stored on the agent only after the loop.
"""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class RecurrentPolicy(nn.Module):
    hidden: int = 16
    actions: int = 3

    @nn.compact
    def __call__(self, h, obs):
        h, y = nn.GRUCell(features=self.hidden)(h, obs)
        return h, nn.Dense(self.actions)(y)


class Agent:
    def __init__(self, key, obs_dim=4):
        self.model = RecurrentPolicy()
        self.hidden = jnp.zeros((16,))
        self.params = self.model.init(key, self.hidden, jnp.zeros((obs_dim,)))

    def act(self, hidden, obs):
        hidden, logits = self.model.apply(self.params, hidden, obs)
        return hidden, jnp.argmax(logits)


def run_episode(agent, obs0, max_steps=20):
    def cond(c):
        t, hidden, obs, done = c
        return (t < max_steps) & ~done

    def body(c):
        t, hidden, obs, done = c
        hidden, action = agent.act(hidden, obs)
        obs = 0.9 * obs + 0.5 * (action.astype(jnp.float32) - 1.0)
        return t + 1, hidden, obs, jnp.sum(jnp.abs(obs)) > 10.0

    return lax.while_loop(cond, body, (0, agent.hidden, obs0, jnp.array(False)))


def main():
    agent = Agent(jax.random.PRNGKey(0))
    t, agent.hidden, obs, done = run_episode(agent, jnp.ones((4,)))
    agent.hidden, next_action = agent.act(agent.hidden, obs)
    next_action.block_until_ready()
    return None
