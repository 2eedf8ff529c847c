# label: same-values
# flax-error: none
# class: 3 one key pulled from nnx.Rngs before a raw jax.lax.scan and reused for every step's noise
"""Exploration noise for a rollout, ported from PyTorch: the author avoids touching the Rngs inside
the scan (after hitting a trace error) by pulling one key before the loop."""
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
    key = rngs.noise()

    def step(obs, _):
        noise = 0.1 * jax.random.normal(key, (2,))
        act = policy(obs) + noise
        obs = jnp.concatenate([obs[2:], act])
        return obs, noise

    _, noises = jax.lax.scan(step, jnp.zeros(4), None, length=6)
    return noises
