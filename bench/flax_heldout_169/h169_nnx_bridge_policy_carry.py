# label: ok
# flax-error: none
# class: 4 the agent (with agent.policy, an nnx.bridge.ToNNX Linen GRU) is split before the scan; its state is the carry and is merged in each step
"""Rolling out a recurrent policy in a raw lax.scan, where the policy is an existing Linen
GRU network brought into an NNX agent with nnx.bridge.ToNNX.

The working twin: the agent is split into graphdef and state, the state rides in the scan
carry next to the hidden state, the body merges it and returns `nnx.state(agent)`.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx
from flax.nnx import bridge


class LinenPolicy(nn.Module):
    hidden: int = 16
    actions: int = 2

    @nn.compact
    def __call__(self, h, obs):
        h, y = nn.GRUCell(self.hidden)(h, obs)
        return h, jnp.tanh(nn.Dense(self.actions)(y))


class Agent(nnx.Module):
    def __init__(self, obs_dim, rngs: nnx.Rngs):
        self.policy = bridge.ToNNX(LinenPolicy(), rngs=rngs)
        self.value = nnx.Linear(16, 1, rngs=rngs)
        bridge.lazy_init(self.policy, jnp.zeros((16,)), jnp.zeros((obs_dim,)))


def rollout(agent, obs0, steps):
    h0 = jnp.zeros((16,))
    graphdef, state = nnx.split(agent)

    def body(carry, _):
        state, h, obs = carry
        agent = nnx.merge(graphdef, state)
        h, action = agent.policy(h, obs)
        obs = 0.95 * obs + 0.05 * jnp.concatenate([action, action])
        return (nnx.state(agent), h, obs), agent.value(h)[0]

    (state, _, _), values = jax.lax.scan(body, (state, h0, obs0), None, length=8)
    nnx.update(agent, state)
    return values


def main():
    agent = Agent(4, rngs=nnx.Rngs(0))
    values = rollout(agent, jnp.ones((4,)), 8)
    print(values)
    return None
