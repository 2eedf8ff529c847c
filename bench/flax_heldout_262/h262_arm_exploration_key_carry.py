# label: ok
# flax-error: none
# class: 1 NoisyReachPolicy draws self.explore_key in setup and its sample_reaches method runs fori_loop with that key in the carry, splitting it on each iteration
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import random as jr
from jax.lax import fori_loop


class NoisyReachPolicy(nn.Module):
    n_joints: int
    sigma: float = 0.1

    def setup(self):
        self.mean_head = nn.Dense(self.n_joints)
        self.explore_key = self.make_rng("explore")

    def __call__(self, obs):
        return self.mean_head(obs)

    def sample_reaches(self, obs, n_samples):
        buffer = jnp.zeros((n_samples,) + obs.shape[:-1] + (self.n_joints,))

        def fill(i, carry):
            buf, key = carry
            key, sub = jr.split(key)
            noise = jr.normal(sub, buf.shape[1:])
            return buf.at[i].set(self.mean_head(obs) + self.sigma * noise), key

        samples, _ = fori_loop(0, n_samples, fill, (buffer, self.explore_key))
        return samples


class ReachPlanner:
    def __init__(self, n_joints=3, seed=0):
        self.policy = NoisyReachPolicy(n_joints)
        obs = jnp.zeros((1, 6))
        self.variables = self.policy.init({"params": jr.key(seed), "explore": jr.key(seed + 1)}, obs)

    def plan(self, target_xyz, elbow_hint, n_samples, key):
        obs = jnp.concatenate([target_xyz, elbow_hint], axis=-1)
        return self.policy.apply(
            self.variables, obs, n_samples, method=NoisyReachPolicy.sample_reaches, rngs={"explore": key}
        )


def main():
    planner = ReachPlanner()
    target = jnp.array([[0.35, 0.10, 0.42]])
    elbow = jnp.array([[0.0, 1.0, 0.0]])
    return planner.plan(target, elbow, n_samples=5, key=jr.key(99))
