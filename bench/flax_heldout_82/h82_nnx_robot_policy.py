# label: same-values
# flax-error: none
# class: 2 policy adapter draws one exploration key from its nnx.Rngs stream at construction and reuses it in every step of the rollout scan
"""A robot policy behind an adapter that adds Gaussian exploration noise; the rollout is a raw
lax.scan and returns the exploration noise of every step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -1.0))

    def __call__(self, obs):
        return jnp.tanh(self.mu(obs)), jnp.exp(self.log_std[...])


class ExplorationAdapter:
    def __init__(self, policy, rngs: nnx.Rngs):
        self.policy = policy
        self.explore_key = rngs.explore()

    def act(self, obs):
        mean, std = self.policy(obs)
        noise = std * jax.random.normal(self.explore_key, mean.shape)
        return mean + noise, noise


def rollout(adapter, obs0, steps):
    def step(obs, _):
        action, noise = adapter.act(obs)
        obs = 0.9 * obs + 0.1 * jnp.concatenate([action, action], -1)
        return obs, noise

    _, noises = scan(step, obs0, None, length=steps)
    return noises


def main():
    rngs = nnx.Rngs(params=0, explore=1)
    adapter = ExplorationAdapter(GaussianPolicy(4, 2, rngs), rngs)
    return rollout(adapter, jnp.ones((4,)), steps=5)
