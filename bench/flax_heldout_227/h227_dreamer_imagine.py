# label: same-values
# flax-error: none
# class: 1 WorldModel.imagine owns the scan over imagined rollouts; the body calls self.make_rng('imagine') for each rollout
"""Dreamer-style world model: several imagined latent rollouts from one start state.

Modelled on world-model threads where the imagination loop is a raw scan inside a Linen method
and each rollout draws its key with self.make_rng inside the scan body. The body is traced once,
so every imagined rollout gets the same key and the same trajectory.
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
        def rollout(carry, _):
            key = self.make_rng("imagine")
            z, traj = z0, []
            for _t in range(self.horizon):
                key, k_a, k_z = jax.random.split(key, 3)
                a = jnp.tanh(self.policy(z) + 0.3 * jax.random.normal(k_a, (z.shape[0], self.actions)))
                za = jnp.concatenate([z, a], axis=-1)
                mean, std = self.prior_mean(za), nn.softplus(self.prior_std(za)) + 0.1
                z = mean + std * jax.random.normal(k_z, mean.shape)
                traj.append(z)
            return carry, jnp.stack(traj)

        _, trajs = scan(rollout, None, None, length=num_rollouts)
        return trajs


def main():
    model = WorldModel()
    z0 = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), z0, jnp.zeros((2, 2)))
    trajs = model.apply(variables, z0, 6, method=WorldModel.imagine, rngs={"imagine": jax.random.key(1)})
    return trajs
