# label: same-values
# flax-error: none
# class: 2 the local `noise_key`, drawn once from the local nnx.Rngs 'ensemble' stream, goes into the scan body directly
"""Coral reef monitoring (NNX): an ensemble of bleaching-risk projections under perturbed sea temperatures."""
import jax
import jax.numpy as jnp
from flax import nnx


class BleachingModel(nnx.Module):
    def __init__(self, sites: int, rngs: nnx.Rngs):
        self.thermal = nnx.Linear(sites, 16, rngs=rngs)
        self.risk = nnx.Linear(16, sites, rngs=rngs)

    def __call__(self, sea_temp, key, sigma=0.3):
        perturbed = sea_temp + sigma * jax.random.normal(key, sea_temp.shape)
        return nnx.sigmoid(self.risk(nnx.gelu(self.thermal(perturbed))))


def project_ensemble(model: BleachingModel, sea_temp, members: int, rngs: nnx.Rngs):
    noise_key = rngs.ensemble()

    def member(worst, index):
        risk = model(sea_temp, noise_key)
        return jnp.maximum(worst, risk), risk

    _, risks = jax.lax.scan(member, jnp.zeros_like(sea_temp), jnp.arange(members))
    return risks


def main():
    rngs = nnx.Rngs(params=0, ensemble=99)
    model = BleachingModel(sites=7, rngs=rngs)
    anomaly = jnp.linspace(-0.5, 2.5, 7)
    return project_ensemble(model, anomaly, members=8, rngs=rngs)
