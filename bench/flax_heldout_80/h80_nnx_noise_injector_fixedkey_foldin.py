# label: ok
# flax-error: none
# class: 2 a key drawn once from an nnx.Rngs 'noise' stream held by a NoiseInjector, folded with the step in the scan body
"""Exploration noise for a control policy: an injector produces one noise vector per rollout step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class NoiseInjector(nnx.Module):
    def __init__(self, action_dim, sigma, *, rngs: nnx.Rngs):
        self.action_dim = action_dim
        self.sigma = nnx.Param(jnp.full((action_dim,), sigma))
        self.rngs = rngs

    def rollout_noise(self, n_steps):
        key = self.rngs.noise()

        def body(t, _):
            eps = jax.random.normal(jax.random.fold_in(key, t), (self.action_dim,)) * self.sigma.value
            return t + 1, eps

        _, noise = lax.scan(body, 0, None, length=n_steps)
        return noise


class Agent:
    def __init__(self, action_dim=3, seed=0):
        self.injector = NoiseInjector(action_dim, 0.3, rngs=nnx.Rngs(params=seed, noise=seed + 1))

    def exploration_schedule(self, n_steps):
        return self.injector.rollout_noise(n_steps)


def main():
    return Agent().exploration_schedule(6)
