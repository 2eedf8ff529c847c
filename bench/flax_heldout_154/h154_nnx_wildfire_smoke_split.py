# label: ok
# flax-error: none
# class: 1 SmokePlumeEnsemble.sample_plumes() runs the scan itself; it splits one key from its own nnx.Rngs "plume" stream into per-member keys before the scan and passes them as xs
"""Wildfire smoke-plume ensemble for air-quality advisories.

Ensemble members perturb the forecast wind field before the dispersion head
predicts PM2.5 at the receptor sites; the members are returned so the
advisory can show the spread.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SmokePlumeEnsemble(nnx.Module):
    def __init__(self, sites, members, rngs: nnx.Rngs):
        self.members = members
        self.rngs = rngs
        self.dispersion = nnx.Linear(3, sites, rngs=rngs)

    def sample_plumes(self, wind):
        keys = jax.random.split(self.rngs.plume(), self.members)

        def member(carry, key):
            perturbed = wind + 0.3 * jax.random.normal(key, wind.shape)
            pm25 = nnx.softplus(self.dispersion(perturbed))
            return carry, pm25

        _, plumes = lax.scan(member, None, keys)
        return plumes


class AdvisoryDesk:
    def __init__(self, ensemble):
        self.ensemble = ensemble

    def issue(self, wind):
        plumes = self.ensemble.sample_plumes(wind)
        return plumes


def main():
    ensemble = SmokePlumeEnsemble(sites=5, members=6, rngs=nnx.Rngs(params=0, plume=42))
    wind = jnp.array([4.0, -1.5, 0.2])
    return AdvisoryDesk(ensemble).issue(wind)
