# label: trace-context
# flax-error: TraceContextError: Cannot mutate Latent from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the planner's self.world.step writes the world model's latent Variable in the scan body
"""Recurrent latent world model (NNX) used by a random-shooting planner.

The world model keeps its latent as a Variable, like a stateful RNN, and step() advances it
by one action. The planner scores each candidate plan with a raw jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Latent(nnx.Variable):
    pass


class WorldModel(nnx.Module):
    def __init__(self, latent, action_dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(action_dim, latent, rngs=rngs)
        self.rec = nnx.Linear(latent, latent, rngs=rngs)
        self.reward = nnx.Linear(latent, 1, rngs=rngs)
        self.h = Latent(jnp.zeros(latent))

    def step(self, action):
        h = jnp.tanh(self.inp(action) + self.rec(self.h[...]))
        self.h[...] = h
        return self.reward(h)[0]


class Planner:
    def __init__(self, world, horizon=8, candidates=6):
        self.world, self.horizon, self.candidates = world, horizon, candidates

    def score(self, plan):
        def body(carry, action):
            return carry, self.world.step(action)

        _, rewards = jax.lax.scan(body, None, plan)
        return rewards.sum()

    def best_plan(self, key):
        plans = jax.random.uniform(key, (self.candidates, self.horizon, 2), minval=-1.0, maxval=1.0)
        scores = jnp.stack([self.score(p) for p in plans])
        return plans[jnp.argmax(scores)]


def main():
    world = WorldModel(16, 2, nnx.Rngs(0))
    plan = Planner(world).best_plan(jax.random.key(1))
    print("first action", plan[0])
