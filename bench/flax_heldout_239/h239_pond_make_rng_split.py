# label: ok
# flax-error: none
# class: 1 EvaporationWeather.simulate runs the scan itself; the 'weather' key is drawn once, split per day outside the loop and scanned as xs
"""Stochastic weather forcing for the salt pond evaporation model."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn


class EvaporationWeather(nn.Module):
    days: int
    ponds: int

    def setup(self):
        self.sun = self.param("sun", nn.initializers.constant(0.6), (self.ponds,))
        self.wind = nn.Dense(self.ponds, name="wind")

    def rate(self, brine):
        return self.sun * nn.sigmoid(self.wind(brine))

    def simulate(self, brine):
        def day(carry, day_key):
            gust = jax.random.uniform(day_key, (self.ponds,), minval=0.8, maxval=1.2)
            return carry, self.rate(brine) * gust

        day_keys = jax.random.split(self.make_rng("weather"), self.days)
        _, daily = jax.lax.scan(day, (), day_keys)
        return daily


class PondForecastService:
    def __init__(self, ponds: int = 4, days: int = 5):
        self.model = EvaporationWeather(days=days, ponds=ponds)
        self.variables = self.model.init(jax.random.key(0), jnp.ones((ponds,)), method=EvaporationWeather.rate)

    def forecast(self, brine, seed: int):
        return self.model.apply(
            self.variables, brine, method=EvaporationWeather.simulate, rngs={"weather": jax.random.key(seed)}
        )


def main():
    service = PondForecastService()
    brine = jnp.array([1.05, 1.12, 1.18, 1.21])
    return service.forecast(brine, seed=2024)
