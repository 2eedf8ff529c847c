# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls agent.policy, an nnx.bridge.ToNNX wrapping a Linen GRU policy, held by an NNX Agent
"""Rolling out a recurrent policy in a raw lax.scan, where the policy is an existing Linen
GRU network brought into an NNX agent with nnx.bridge.ToNNX.

Shape of the reports: after `bridge.lazy_init` (the warm-up call) the wrapped module behaves
like any NNX module in eager code, so the user closes over the agent in `jax.lax.scan`.
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

    def body(carry, _):
        h, obs = carry
        h, action = agent.policy(h, obs)
        obs = 0.95 * obs + 0.05 * jnp.concatenate([action, action])
        return (h, obs), agent.value(h)[0]

    _, values = jax.lax.scan(body, (h0, obs0), None, length=8)
    return values


def main():
    agent = Agent(4, rngs=nnx.Rngs(0))
    values = rollout(agent, jnp.ones((4,)), 8)
    print(values)
    return None
