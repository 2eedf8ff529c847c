# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body calls `agent.policy.act(obs)`, a method of a module held by the outside agent that draws from its stored Rngs
import jax
import jax.numpy as jnp
from flax import nnx

class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.logits = nnx.Linear(4, 3, rngs=rngs)
        self.rngs = rngs

    def act(self, obs):
        return jax.random.categorical(self.rngs.action(), self.logits(obs))

class Agent(nnx.Module):
    def __init__(self, rngs):
        self.policy = Policy(rngs)
        self.value = nnx.Linear(4, 1, rngs=rngs)

def collect(agent, obs0, horizon):
    def step(obs, _):
        a = agent.policy.act(obs)
        v = agent.value(obs)
        return jnp.roll(obs, a) * 0.9 + v, a
    return jax.lax.scan(step, obs0, None, length=horizon)

def main():
    collect(Agent(nnx.Rngs(params=0, action=1)), jnp.ones(4), 16)
