# label: ok
# flax-error: none
# class: 3 the MeltEnsemble's self.noise_key enters the fori_loop carry and is split every step before going into its kept apply partial
"""Glacier melt projection: draw ensemble members by perturbing the forcing given to a
surface-energy-balance emulator, one member per loop step."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltEmulator(nn.Module):
    perturb_scale: float = 0.5

    @nn.compact
    def __call__(self, forcing):
        noise = jax.random.normal(self.make_rng("perturb"), forcing.shape)
        forcing = forcing + self.perturb_scale * noise
        return nn.softplus(nn.Dense(1)(forcing)).squeeze(-1)


class MeltEnsemble:
    def __init__(self, model, variables, seed, members):
        self.project = functools.partial(model.apply, variables)
        self.noise_key = jax.random.key(seed)
        self.members = members

    def run(self, forcing):
        out = jnp.zeros((self.members, forcing.shape[0]))

        def member(i, carry):
            out, key = carry
            key, sub = jax.random.split(key)
            melt = self.project(forcing, rngs={"perturb": sub})
            return out.at[i].set(melt), key

        out, _ = jax.lax.fori_loop(0, self.members, member, (out, self.noise_key))
        return out


def main():
    forcing = jax.random.normal(jax.random.key(5), (7, 3))
    model = MeltEmulator()
    variables = model.init({"params": jax.random.key(0), "perturb": jax.random.key(1)}, forcing)
    ensemble = MeltEnsemble(model, variables, seed=42, members=5)
    return ensemble.run(forcing)
