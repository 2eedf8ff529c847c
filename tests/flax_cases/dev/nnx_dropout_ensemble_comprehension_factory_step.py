# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a same-file factory makes the raw scan body, closing over ensemble members whose nnx.Dropout holds its own streams; the body calls them in a list comprehension
import jax
import jax.numpy as jnp
from flax import nnx

class Member(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(3, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, obs):
        return self.drop(self.inp(obs))

def build_members(n):
    return [Member(nnx.Rngs(params=i, dropout=100 + i)) for i in range(n)]

def make_step(members):
    def step(obs, act):
        preds = jnp.stack([m(obs) for m in members])
        return obs + act, preds.var(0).sum()
    return step

def plan_cost(members, obs0, actions):
    return jax.lax.scan(make_step(members), obs0, actions)

def main():
    plan_cost(build_members(3), jnp.ones(3), jnp.zeros((6, 3)))
