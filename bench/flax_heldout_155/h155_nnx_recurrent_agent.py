# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body calls self.policy.core, an NNX cell reached through the agent and its policy, and stores the hidden state on self.memory
"""Recurrent agent acting until a toy episode ends, hidden state kept between episodes.

Modelled on RL reports where an agent keeps its recurrent state in a memory object so the
next episode can continue from it; the episode loop is a raw while_loop and the body writes
the hidden state to that object.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, hidden, n_actions, rngs: nnx.Rngs):
        self.core = nnx.GRUCell(obs_dim, hidden, rngs=rngs)
        self.pi = nnx.Linear(hidden, n_actions, rngs=rngs)


class Memory:
    def __init__(self, hidden):
        self.h = jnp.zeros(hidden)


class Agent:
    def __init__(self, rngs):
        self.policy = Policy(2, 8, 3, rngs)
        self.memory = Memory(8)

    def episode(self, obs0, max_steps=20):
        def cond(state):
            t, obs, _ = state
            return (t < max_steps) & (jnp.abs(obs[0]) < 1.0)

        def body(state):
            t, obs, h = state
            h, _ = self.policy.core(h, obs)
            action = jnp.argmax(self.policy.pi(h)) - 1
            self.memory.h = h
            obs = obs + jnp.array([0.2 * action, 0.1])
            return t + 1, obs, h

        t, obs, _ = jax.lax.while_loop(cond, body, (0, obs0, self.memory.h))
        return t


def main():
    agent = Agent(nnx.Rngs(0))
    first = agent.episode(jnp.array([0.1, 0.0]))
    second = agent.episode(jnp.array([-0.3, 0.0]))
    print(first, second)
    return None
