# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 policy state split outside and closed over; the scan body merges it and calls a method that draws from the policy's stored Rngs
import jax
import jax.numpy as jnp
from flax import nnx

class NoisyPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mean = nnx.Linear(3, 2, rngs=rngs)
        self.rngs = rngs

    def explore(self, obs):
        mu = self.mean(obs)
        return mu + jax.random.normal(self.rngs.action(), mu.shape)

def main():
    policy = NoisyPolicy(nnx.Rngs(params=0, action=1))
    graphdef, state = nnx.split(policy)

    def step(obs, _):
        pol = nnx.merge(graphdef, state)
        action = pol.explore(obs)
        return obs + action.sum(), action

    jax.lax.scan(step, jnp.zeros(3), None, length=6)
