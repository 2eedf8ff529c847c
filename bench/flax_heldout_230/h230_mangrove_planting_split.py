# label: ok
# flax-error: none
# class: 1 SeedlingSurvival.__call__ runs lax.scan itself over keys split from one self.make_rng("tides") call
"""Mangrove restoration: simulate seasonal seedling growth under random tidal surges."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SeedlingSurvival(nn.Module):
    n_plots: int = 6

    @nn.compact
    def __call__(self, salinity, n_seasons: int):
        base = nn.Dense(self.n_plots, name="site")(salinity)
        season_keys = jax.random.split(self.make_rng("tides"), n_seasons)

        def season(biomass, key):
            surge = jax.random.normal(key, (self.n_plots,))
            growth = nn.sigmoid(base + 0.3 * surge)
            return biomass * (1.0 + growth), growth

        _, growth = scan(season, jnp.ones(self.n_plots), season_keys)
        return growth


def main():
    model = SeedlingSurvival()
    salinity = jnp.array([32.0, 28.5, 35.1]) / 35.0
    variables = model.init({"params": jax.random.key(0), "tides": jax.random.key(1)}, salinity, 2)
    return model.apply(variables, salinity, 5, rngs={"tides": jax.random.key(2)})
