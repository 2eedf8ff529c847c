# label: ok
# flax-error: none
# class: 1 the ensemble module's own method draws one key from its nnx.Rngs 'perturb' stream, splits it per member and scans over the split keys
"""Avalanche danger ensemble: perturbs the snowpack observations for each ensemble member
and reports the spread of the predicted instability index per slope."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class AvalancheEnsemble(nnx.Module):
    def __init__(self, n_obs, n_members, *, rngs: nnx.Rngs):
        self.n_members = n_members
        self.rngs = rngs
        self.layer = nnx.Linear(n_obs, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def instability(self, obs):
        return nnx.sigmoid(self.out(nnx.tanh(self.layer(obs)))).squeeze(-1)

    def ensemble(self, obs, obs_sigma):
        keys = jax.random.split(self.rngs.perturb(), self.n_members)

        def member(carry, key):
            perturbed = obs + obs_sigma * jax.random.normal(key, obs.shape)
            return carry, self.instability(perturbed)

        _, members = lax.scan(member, None, keys)
        return members  # (n_members, n_slopes)


def main():
    # new snow, wind load, temperature gradient, weak-layer depth, slope angle, aspect
    obs = jax.random.normal(jax.random.key(0), (7, 6))
    obs_sigma = jnp.array([0.3, 0.5, 0.2, 0.4, 0.05, 0.05])
    model = AvalancheEnsemble(6, n_members=8, rngs=nnx.Rngs(params=0, perturb=1))
    return model.ensemble(obs, obs_sigma)
