# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body calls agent.policy.act, a method of a module held by the agent that draws from the policy's stored Rngs
import jax
import jax.numpy as jnp
from flax import nnx


class CategoricalPolicy(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs: nnx.Rngs):
        self.logits = nnx.Linear(obs_dim, n_actions, rngs=rngs)
        self.rngs = rngs

    def act(self, obs):
        return jax.random.categorical(self.rngs.action(), self.logits(obs))


class Agent(nnx.Module):
    def __init__(self, rngs):
        self.policy = CategoricalPolicy(4, 3, rngs)
        self.value = nnx.Linear(4, 1, rngs=rngs)


def env_step(obs, action):
    return jnp.roll(obs, action) * 0.9 + 0.1


def collect(agent, obs0, horizon):
    def step(obs, _):
        a = agent.policy.act(obs)
        nxt = env_step(obs, a)
        return nxt, (obs, a)

    return jax.lax.scan(step, obs0, None, length=horizon)


def main():
    agent = Agent(nnx.Rngs(params=0, action=1))
    _, (obs, actions) = collect(agent, jnp.ones(4), 16)
    return actions
