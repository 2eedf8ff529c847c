# label: same-values
# flax-error: none
# class: 3 a PolicySampler draws one key from its nnx.Rngs 'sample' stream before the scan and the body reuses it for every action
"""Rollout of a Gaussian policy; returns the per-step exploration noise."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.mean = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))

    def __call__(self, obs):
        return self.mean(obs), jnp.exp(self.log_std[...])


class PolicySampler:
    def __init__(self, policy, rngs: nnx.Rngs):
        self.policy = policy
        self.rngs = rngs

    def rollout_noise(self, obs, steps):
        key = self.rngs.sample()

        def body(o, _):
            mu, std = self.policy(o)
            eps = jax.random.normal(key, mu.shape)
            action = mu + std * eps
            return o + 0.1 * jnp.tanh(action).sum(-1, keepdims=True), eps

        _, noise = lax.scan(body, obs, None, length=steps)
        return noise


def main():
    policy = GaussianPolicy(4, 2, nnx.Rngs(0))
    sampler = PolicySampler(policy, nnx.Rngs(sample=11))
    return sampler.rollout_noise(jnp.zeros((1, 4)), steps=5)
