# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local nnx.Rngs in simulate_flood is called for a new entrainment key inside the scan body
"""River sediment transport: suspended-load entrainment over a flood hydrograph with random bursts."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class EntrainmentModel(nnx.Module):
    def __init__(self, n_sections, *, rngs):
        self.rating = nnx.Linear(2, n_sections, rngs=rngs)
        self.settling = nnx.Param(jnp.full((n_sections,), 0.15))

    def __call__(self, discharge, concentration, key):
        drivers = jnp.stack([discharge, jnp.log1p(discharge)])
        pickup = nnx.softplus(self.rating(drivers)) * jnp.exp(0.2 * jax.random.normal(key, concentration.shape))
        return concentration + pickup - nnx.sigmoid(self.settling[...]) * concentration, pickup


def simulate_flood(model, hydrograph, seed):
    rngs = nnx.Rngs(bedload=seed)
    c0 = jnp.zeros(model.settling.shape)

    def hour(concentration, discharge):
        concentration, pickup = model(discharge, concentration, rngs.bedload())
        return concentration, pickup

    _, pickups = scan(hour, c0, hydrograph)
    return pickups


def main():
    t = jnp.arange(12.0)
    hydrograph = 40.0 + 260.0 * jnp.exp(-0.5 * ((t - 4.0) / 2.0) ** 2)  # m3/s
    model = EntrainmentModel(n_sections=4, rngs=nnx.Rngs(0))
    return simulate_flood(model, hydrograph / 100.0, seed=17)
