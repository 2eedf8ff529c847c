# label: ok
# flax-error: none
# class: 3 one key pulled from nnx.Rngs before a raw jax.lax.scan, split into per-step keys given as xs
"""Exploration noise for a rollout: one key is pulled from the Rngs before the loop and split
into one key per step, which the scan consumes as xs."""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, rngs):
        self.mu = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.mu(obs))


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    policy = Policy(rngs)
    keys = jax.random.split(rngs.noise(), 6)

    def step(obs, key):
        noise = 0.1 * jax.random.normal(key, (2,))
        act = policy(obs) + noise
        obs = jnp.concatenate([obs[2:], act])
        return obs, noise

    _, noises = jax.lax.scan(step, jnp.zeros(4), keys)
    return noises
