# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the nnx.Rngs local to disperse() goes straight into the scan body, which draws from its "gust" stream each hour
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

    def hour(position, wind):
        gust = 0.3 * jax.random.normal(rngs.gust(), (n_grains, 2))
        step = model(wind + gust)
        return position + step, gust

    positions, gusts = jax.lax.scan(hour, jnp.zeros((n_grains, 2)), jnp.broadcast_to(mean_wind, (hours,) + mean_wind.shape))
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
