# label: same-values
# flax-error: none
# class: 2 a local model.bind(..., rngs={"frost": key}) in forecast_frost_nights is called in the fori_loop body, which draws make_rng("frost") there
"""Orchard frost protection: sample overnight minimum temperatures per block to schedule wind machines."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FrostModel(nn.Module):
    n_blocks: int

    @nn.compact
    def __call__(self, evening_obs):
        mu = nn.Dense(self.n_blocks, name="radiative_cooling")(evening_obs)
        log_sigma = self.param("log_sigma", nn.initializers.constant(0.3), (self.n_blocks,))
        return mu, jnp.exp(log_sigma)

    def draw_night(self, evening_obs):
        mu, sigma = self(evening_obs)
        return mu + sigma * jax.random.normal(self.make_rng("frost"), mu.shape)


def forecast_frost_nights(model, variables, evening_obs, n_nights, seed):
    sampler = model.bind(variables, rngs={"frost": jax.random.key(seed)})

    def night(i, minima):
        return minima.at[i].set(sampler.draw_night(evening_obs))

    return jax.lax.fori_loop(0, n_nights, night, jnp.zeros((n_nights, model.n_blocks)))


def wind_machine_hours(minima, threshold=-1.5):
    return jnp.sum(minima < threshold, axis=0)


def main():
    evening_obs = jnp.array([2.1, 0.4, 78.0, 1.2]) / jnp.array([10.0, 5.0, 100.0, 3.0])  # temp, wind, RH, cloud
    model = FrostModel(n_blocks=5)
    variables = model.init(jax.random.key(0), evening_obs)
    minima = forecast_frost_nights(model, variables, evening_obs, n_nights=7, seed=3)
    wind_machine_hours(minima)
    return minima
