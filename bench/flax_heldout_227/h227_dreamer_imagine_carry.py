# label: ok
# flax-error: none
# class: 1 WorldModel.imagine owns the scan over imagined rollouts; one key drawn with self.make_rng before the scan travels in the carry and is split per rollout
"""Dreamer-style world model: several imagined latent rollouts from one start state.

Twin of h227_dreamer_imagine: the method draws one key with self.make_rng before the scan and the
key travels in the scan carry, split once per imagined rollout.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class WorldModel(nn.Module):
    latent: int = 4
    actions: int = 2
    horizon: int = 5

    def setup(self):
        self.policy = nn.Dense(self.actions)
        self.prior_mean = nn.Dense(self.latent)
        self.prior_std = nn.Dense(self.latent)

    def __call__(self, z, a):
        za = jnp.concatenate([z, a], axis=-1)
        return self.prior_mean(za), nn.softplus(self.prior_std(za)) + 0.1, self.policy(z)

    def imagine(self, z0, num_rollouts):
        def rollout(rng, _):
            rng, key = jax.random.split(rng)
            z, traj = z0, []
            for _t in range(self.horizon):
                key, k_a, k_z = jax.random.split(key, 3)
                a = jnp.tanh(self.policy(z) + 0.3 * jax.random.normal(k_a, (z.shape[0], self.actions)))
                za = jnp.concatenate([z, a], axis=-1)
                mean, std = self.prior_mean(za), nn.softplus(self.prior_std(za)) + 0.1
                z = mean + std * jax.random.normal(k_z, mean.shape)
                traj.append(z)
            return rng, jnp.stack(traj)

        _, trajs = scan(rollout, self.make_rng("imagine"), None, length=num_rollouts)
        return trajs


def main():
    model = WorldModel()
    z0 = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), z0, jnp.zeros((2, 2)))
    trajs = model.apply(variables, z0, 6, method=WorldModel.imagine, rngs={"imagine": jax.random.key(1)})
    return trajs
