# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'WorldModel' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 imagine() method's raw lax.scan body calls a helper that assigns a plain Python attribute (self.last_latent) on the NNX module
# modelled on: dhruvsreenivas/byol-offline byol_offline/models/byol.py (BYOL-Explore world model, imagine/observe rollouts)
"""Latent world model: imagine a trajectory and remember the last latent for resets."""
import jax
import jax.numpy as jnp
from flax import nnx


class WorldModel(nnx.Module):
    def __init__(self, obs_dim, act_dim, latent, rngs: nnx.Rngs):
        self.encode = nnx.Linear(obs_dim, latent, rngs=rngs)
        self.dynamics = nnx.Linear(latent + act_dim, latent, rngs=rngs)
        self.reward = nnx.Linear(latent, 1, rngs=rngs)
        self.last_latent = None

    def _transition(self, z, a):
        z = jnp.tanh(self.dynamics(jnp.concatenate([z, a], -1)))
        self.last_latent = z
        return z

    def imagine(self, obs, actions):
        z0 = jnp.tanh(self.encode(obs))

        def step(z, a):
            z = self._transition(z, a)
            return z, self.reward(z)[..., 0]

        z_T, rewards = jax.lax.scan(step, z0, actions)
        return z_T, rewards


def main():
    wm = WorldModel(5, 2, 8, nnx.Rngs(0))
    obs = jnp.ones((3, 5))
    actions = jnp.zeros((6, 3, 2))
    z_T, rewards = wm.imagine(obs, actions)
    ret = rewards.sum(0)
    assert ret.shape == (3,)
    jax.block_until_ready(ret)
    return None
