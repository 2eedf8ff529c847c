# label: ok
# flax-error: none
# class: 4 the planner reads self.world.h before the scan and carries the latent; self.world.step is pure in the body
"""Recurrent latent world model (NNX) used by a random-shooting planner.

Twin of h213_nnx_world_planner: step() takes and returns the latent, the planner starts the
scan carry from the world model's Variable and never writes it inside the loop."""
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

    def step(self, h, action):
        h = jnp.tanh(self.inp(action) + self.rec(h))
        return h, self.reward(h)[0]


class Planner:
    def __init__(self, world, horizon=8, candidates=6):
        self.world, self.horizon, self.candidates = world, horizon, candidates

    def score(self, plan):
        def body(h, action):
            return self.world.step(h, action)

        _, rewards = jax.lax.scan(body, self.world.h[...], plan)
        return rewards.sum()

    def best_plan(self, key):
        plans = jax.random.uniform(key, (self.candidates, self.horizon, 2), minval=-1.0, maxval=1.0)
        scores = jnp.stack([self.score(p) for p in plans])
        return plans[jnp.argmax(scores)]


def main():
    world = WorldModel(16, 2, nnx.Rngs(0))
    plan = Planner(world).best_plan(jax.random.key(1))
    print("first action", plan[0])
