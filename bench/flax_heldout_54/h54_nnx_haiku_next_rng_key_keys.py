# label: ok
# flax-error: none
# class: 4 a key drawn from the module's nnx.Rngs is split into one key per step, given to the raw lax.scan as xs
"""The Haiku exploration-policy port after the fix: split the key into per-step keys. Returns the noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.rngs = rngs


def rollout_noise(policy, obs0, steps):
    keys = jax.random.split(policy.rngs.explore(), steps)

    def step(obs, key):
        noise = 0.1 * jax.random.normal(key, (obs.shape[0], 2))
        action = jnp.tanh(policy.mu(obs)) + noise
        return obs + 0.05 * action.sum(-1, keepdims=True), noise

    _, noise = lax.scan(step, obs0, keys)
    return noise


def main():
    policy = GaussianPolicy(4, 2, nnx.Rngs(params=0, explore=7))
    return rollout_noise(policy, jnp.zeros((3, 4)), 9)
