# label: ok
# flax-error: none
# class: 1 WorldModel.imagine owns the scan over the horizon; one key drawn from self.rngs before the scan travels in the carry and is split at every step
"""Imagination rollout of an NNX latent world model (Dreamer-style), raw lax.scan over the horizon.

Twin of h227_nnx_world_model: the method draws a single key from its nnx.Rngs before the loop;
the key is carried and split inside the body, so the Rngs counter is never touched in the trace.
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
        def step(carry, _):
            z, key = carry
            key, k_a, k_z = jax.random.split(key, 3)
            a = jnp.tanh(self.policy(z) + 0.2 * jax.random.normal(k_a, (z.shape[0], self.actions)))
            mean, raw_std = jnp.split(self.dynamics(jnp.concatenate([z, a], -1)), 2, axis=-1)
            z = mean + (nnx.softplus(raw_std) + 0.1) * jax.random.normal(k_z, mean.shape)
            return (z, key), (z, self.reward(z)[..., 0])

        _, (latents, rewards) = lax.scan(step, (z0, self.rngs.imagine()), None, length=horizon)
        return latents, rewards


def main():
    model = WorldModel(4, 2, rngs=nnx.Rngs(params=0, imagine=1))
    latents, rewards = model.imagine(jnp.ones((3, 4)), horizon=6)
    return latents, rewards
