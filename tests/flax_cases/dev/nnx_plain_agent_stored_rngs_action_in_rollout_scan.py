# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a plain (non-Module) Agent keeps an nnx.Rngs on self; its rollout's scan body draws `self.rngs.action()`
import jax
import jax.numpy as jnp
from flax import nnx

class Agent:
    def __init__(self, seed):
        self.policy = nnx.Linear(4, 2, rngs=nnx.Rngs(seed))
        self.rngs = nnx.Rngs(action=seed + 1)

    def rollout(self, obs0, horizon):
        def step(obs, _):
            action = jax.random.categorical(self.rngs.action(), self.policy(obs))
            return obs * 0.9, action
        return jax.lax.scan(step, obs0, None, length=horizon)


def main():
    Agent(0).rollout(jnp.ones(4), 6)
