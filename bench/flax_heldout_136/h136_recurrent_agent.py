# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the GRU hidden state is an attribute of one Agent object, read and rewritten by agent.act() inside the while_loop body
"""A recurrent policy (GRUCell) acting in a toy environment until done, with lax.while_loop.

Modelled on RL code that keeps the recurrent state on the agent object (`self.hidden = ...`) as
one would in PyTorch, then runs the episode with a raw while_loop and acts again afterwards.
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

    def act(self, obs):
        self.hidden, logits = self.model.apply(self.params, self.hidden, obs)
        return jnp.argmax(logits)


def run_episode(agent, obs0, max_steps=20):
    def cond(c):
        t, obs, done = c
        return (t < max_steps) & ~done

    def body(c):
        t, obs, done = c
        action = agent.act(obs)
        obs = 0.9 * obs + 0.5 * (action.astype(jnp.float32) - 1.0)
        return t + 1, obs, jnp.sum(jnp.abs(obs)) > 10.0

    return lax.while_loop(cond, body, (0, obs0, jnp.array(False)))


def main():
    agent = Agent(jax.random.PRNGKey(0))
    t, obs, done = run_episode(agent, jnp.ones((4,)))
    next_action = agent.act(obs)
    next_action.block_until_ready()
    return None
