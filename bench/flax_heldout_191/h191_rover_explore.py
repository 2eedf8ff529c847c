# label: same-values
# flax-error: none
# class: 1 the exploration policy's own __call__ runs the scan over the planning horizon and draws make_rng('explore') inside the body
"""Planetary rover waypoint policy: a mean action per observation plus exploration noise per horizon step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ExplorationPolicy(nn.Module):
    action_dim: int = 2
    noise_scale: float = 0.3

    @nn.compact
    def __call__(self, observations):
        mean_actions = nn.Dense(self.action_dim, name="mean")(observations)

        def body(heading, obs):
            key = self.make_rng("explore")
            noise = self.noise_scale * jax.random.normal(key, (self.action_dim,))
            return heading + noise[0], noise

        _, noise = jax.lax.scan(body, jnp.float32(0.0), observations)
        return mean_actions + noise, noise


class WaypointPlanner:
    def __init__(self, policy, variables, seed):
        self.policy = policy
        self.variables = variables
        self.seed = seed

    def plan(self, observations):
        rngs = {"explore": jax.random.key(self.seed)}
        return self.policy.apply(self.variables, observations, rngs=rngs)


def main():
    horizon = jnp.tile(jnp.linspace(0.0, 1.0, 6)[None, :], (8, 1))
    policy = ExplorationPolicy()
    variables = policy.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, horizon)
    actions, noise = WaypointPlanner(policy, variables, seed=7).plan(horizon)
    return noise
