# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 WorldModel.imagine owns the scan over the horizon; the body draws noise from self.rngs, the module's own nnx.Rngs
"""Imagination rollout of an NNX latent world model (Dreamer-style), raw lax.scan over the horizon.

Modelled on NNX world-model ports: the module keeps its nnx.Rngs as an attribute and the
imagination method draws a fresh key from it at every scan step for the action and latent noise.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class WorldModel(nnx.Module):
    def __init__(self, latent, actions, rngs: nnx.Rngs):
        self.policy = nnx.Linear(latent, actions, rngs=rngs)
        self.dynamics = nnx.Linear(latent + actions, 2 * latent, rngs=rngs)
        self.reward = nnx.Linear(latent, 1, rngs=rngs)
        self.rngs = rngs
        self.actions = actions

    def imagine(self, z0, horizon):
        def step(z, _):
            k_a, k_z = jax.random.split(self.rngs.imagine())
            a = jnp.tanh(self.policy(z) + 0.2 * jax.random.normal(k_a, (z.shape[0], self.actions)))
            mean, raw_std = jnp.split(self.dynamics(jnp.concatenate([z, a], -1)), 2, axis=-1)
            z = mean + (nnx.softplus(raw_std) + 0.1) * jax.random.normal(k_z, mean.shape)
            return z, (z, self.reward(z)[..., 0])

        _, (latents, rewards) = lax.scan(step, z0, None, length=horizon)
        return latents, rewards


def main():
    model = WorldModel(4, 2, rngs=nnx.Rngs(params=0, imagine=1))
    latents, rewards = model.imagine(jnp.ones((3, 4)), horizon=6)
    return latents, rewards
