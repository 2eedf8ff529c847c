# label: same-values
# flax-error: none
# class: 3 BandSampler.market_key, drawn once from its nnx.Rngs stream in __init__, is used by the scan body every day
"""Ticket resale price bands: a marketplace samples the nightly price bands of a listing around
learned band centres."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class BandSampler(nnx.Module):
    def __init__(self, n_bands: int, rngs: nnx.Rngs):
        self.centre = nnx.Param(jnp.linspace(45.0, 160.0, n_bands))
        self.log_width = nnx.Param(jnp.full((n_bands,), 1.2))
        self.demand = nnx.Linear(3, n_bands, rngs=rngs)
        self.market_key = rngs.market()

    def draw(self, listing, key):
        shift = 10.0 * nnx.tanh(self.demand(listing))
        eps = jax.random.normal(key, self.centre.shape)
        return jnp.sort(self.centre[...] + shift + jnp.exp(self.log_width[...]) * eps)


def main():
    # days to event, seats left (fraction), artist popularity
    listing = jnp.array([0.4, 0.25, 0.9])
    sampler = BandSampler(5, nnx.Rngs(params=0, market=1))

    def body(floor, night):
        bands = jnp.maximum(sampler.draw(listing, sampler.market_key), floor)
        return floor, bands

    _, bands = scan(body, jnp.float32(25.0), jnp.arange(7))
    return bands
