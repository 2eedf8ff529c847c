# label: same-values
# flax-error: none
# class: 2 an Actor draws one key from its nnx.Rngs 'noise' stream before the raw scan and the rollout body closes over that key for every step's exploration noise
"""RL actor with Gaussian exploration: roll the deterministic policy forward and add
exploration noise to each action."""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs):
        self.l1 = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


class Actor:
    def __init__(self, policy, seed=0, sigma=0.2):
        self.policy = policy
        self.rngs = nnx.Rngs(noise=seed)
        self.sigma = sigma

    def rollout(self, obs, horizon):
        key = self.rngs.noise()

        def step(o, _):
            a = self.policy(o)
            noise = self.sigma * jax.random.normal(key, a.shape)
            return o + 0.05 * jnp.concatenate([a + noise, a + noise], -1), noise

        _, noise = jax.lax.scan(step, obs, None, length=horizon)
        return noise


def main():
    actor = Actor(Policy(4, 2, nnx.Rngs(0)))
    return actor.rollout(jnp.zeros((3, 4)), horizon=10)
