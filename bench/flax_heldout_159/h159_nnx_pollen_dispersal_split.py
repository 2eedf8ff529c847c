# label: ok
# flax-error: none
# class: 2 the nnx.Rngs local to disperse() is drawn from once before the loop and the split keys are the scan inputs, one per hour
"""Pollen dispersal forecast: hourly gust perturbations pushed through a learned drift model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DriftModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.wind_to_drift = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, wind):
        return jnp.tanh(self.wind_to_drift(wind))


def disperse(model, mean_wind, hours, seed):
    rngs = nnx.Rngs(params=seed, gust=seed + 1)
    n_grains = mean_wind.shape[0]
    hour_keys = jax.random.split(rngs.gust(), hours)

    def hour(position, key):
        gust = 0.3 * jax.random.normal(key, (n_grains, 2))
        step = model(mean_wind + gust)
        return position + step, gust

    positions, gusts = jax.lax.scan(hour, jnp.zeros((n_grains, 2)), hour_keys)
    return positions, gusts


class PollenForecast:
    def __init__(self, species, seed):
        self.species = species
        self.model = DriftModel(nnx.Rngs(seed))
        self.seed = seed

    def run(self, mean_wind, hours=6):
        return disperse(self.model, mean_wind, hours, self.seed)


def main():
    forecast = PollenForecast("birch", seed=3)
    mean_wind = jnp.tile(jnp.array([[1.0, 0.5]]), (5, 1))
    _, gusts = forecast.run(mean_wind)
    return gusts
