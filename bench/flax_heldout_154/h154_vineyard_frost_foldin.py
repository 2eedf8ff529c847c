# label: ok
# flax-error: none
# class: 2 run_frost_ensemble() builds a local key from os.environ settings and the scan body passes fold_in(key, member) as rngs={"noise": ...} to model.apply
"""Vineyard frost-risk ensemble.

Growers receive an ensemble of overnight minimum-temperature forecasts. Each
member perturbs the station observations with the model's own noise layer.
The seed and member count come from the deployment environment.
"""
import os

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class FrostNet(nn.Module):
    noise_scale: float = 0.4

    @nn.compact
    def __call__(self, obs):
        obs = obs + self.noise_scale * jax.random.normal(self.make_rng("noise"), obs.shape)
        h = nn.elu(nn.Dense(8)(obs))
        return nn.Dense(1)(h)[0]


def run_frost_ensemble(model, variables, obs):
    seed = int(os.environ.get("FROST_SEED", "17"))
    members = int(os.environ.get("FROST_MEMBERS", "5"))
    key = jax.random.key(seed)

    def member(carry, idx):
        t_min = model.apply(variables, obs, rngs={"noise": jax.random.fold_in(key, idx)})
        return carry, t_min

    _, t_mins = scan(member, None, jnp.arange(members))
    return t_mins


def main():
    model = FrostNet()
    obs = jnp.array([2.5, 81.0, 1.2, 0.0])
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, obs)
    return run_frost_ensemble(model, variables, obs)
