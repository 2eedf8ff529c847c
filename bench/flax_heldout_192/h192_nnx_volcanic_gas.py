# label: same-values
# flax-error: none
# class: 3 the scan body draws ensemble noise from sampler.key and calls sampler.model, attributes of one PlumeSampler (key taken once from an nnx.Rngs stream)
"""Volcanic SO2 plume forecast: a log-normal ensemble around a learned dispersion model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PlumeModel(nnx.Module):
    def __init__(self, n_met: int, n_cells: int, rngs: nnx.Rngs):
        self.disperse = nnx.Linear(n_met, n_cells, rngs=rngs)

    def __call__(self, met):
        return nnx.softplus(self.disperse(met))


class PlumeSampler:
    def __init__(self, model: PlumeModel, rngs: nnx.Rngs, spread: float = 0.3):
        self.model = model
        self.key = rngs.plume()
        self.spread = spread


def main():
    rngs = nnx.Rngs(params=0, plume=1)
    sampler = PlumeSampler(PlumeModel(4, 9, rngs=rngs), rngs)
    met = jax.random.normal(jax.random.key(2), (4,))

    def member(carry, _):
        base = sampler.model(met)
        noise = jax.random.normal(sampler.key, base.shape)
        return carry, base * jnp.exp(sampler.spread * noise)

    _, ensemble = jax.lax.scan(member, None, None, length=6)
    return ensemble
