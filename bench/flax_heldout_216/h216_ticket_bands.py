# label: same-values
# flax-error: none
# class: 5 a functools.partial(model.apply, ..., rngs={'market': key}) kept on a BandPricer, called by the step function a factory builds
"""Ticket resale price bands: re-price one listing over simulated market days; each day draws
market noise around the learned band centres."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class BandModel(nn.Module):
    n_bands: int = 4

    @nn.compact
    def __call__(self, listing):
        centre = 50.0 + 100.0 * nn.sigmoid(nn.Dense(self.n_bands)(listing))
        log_width = self.param("log_width", nn.initializers.constant(1.5), (self.n_bands,))
        eps = jax.random.normal(self.make_rng("market"), (self.n_bands,))
        return jnp.sort(centre + jnp.exp(log_width) * eps)


class BandPricer:
    """Holds a ready-to-call pricing function, as the serving layer hands it out."""

    def __init__(self, model, params, market_key):
        self.price = functools.partial(model.apply, {"params": params}, rngs={"market": market_key})


def make_repricer(pricer: BandPricer, listing):
    def step(floor, day):
        bands = pricer.price(listing)
        bands = jnp.maximum(bands, floor)
        return floor, bands

    return step


def main():
    # section, row, days to event, face value, sell-through so far
    listing = jnp.array([0.3, 0.7, 0.2, 0.55, 0.4])
    model = BandModel()
    variables = model.init({"params": jax.random.PRNGKey(0), "market": jax.random.PRNGKey(1)}, listing)
    pricer = BandPricer(model, variables["params"], jax.random.PRNGKey(7))
    _, bands = scan(make_repricer(pricer, listing), jnp.float32(20.0), jnp.arange(10))
    return bands
