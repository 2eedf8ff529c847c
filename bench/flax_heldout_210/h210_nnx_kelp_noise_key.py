# label: same-values
# flax-error: none
# class: 2 simulate_season draws one key from its local nnx.Rngs "growth" stream before the fori_loop and the body perturbs every scenario with that same local key
"""Kelp farm: stochastic growth scenarios for a longline given this week's ocean conditions."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class GrowthModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(4, 16, rngs=rngs)
        self.rate = nnx.Linear(16, 3, rngs=rngs)  # blade, stipe, holdfast

    def __call__(self, ocean):
        return nnx.softplus(self.rate(nnx.tanh(self.trunk(ocean))))


def simulate_season(ocean, scenarios=6, noise_scale=0.2):
    rngs = nnx.Rngs(params=0, growth=1)
    model = GrowthModel(rngs=rngs)
    mean_rate = model(ocean)
    key = rngs.growth()

    def scenario(i, buffer):
        shock = noise_scale * jax.random.normal(key, mean_rate.shape)
        return buffer.at[i].set(mean_rate * jnp.exp(shock))

    buffer = jnp.zeros((scenarios,) + mean_rate.shape)
    return fori_loop(0, scenarios, scenario, buffer)


def main():
    ocean = jnp.array([[14.5, 0.31, 8.2, 0.6], [13.9, 0.28, 7.9, 0.7]])  # lines x (temp, nitrate, light, current)
    return simulate_season(ocean)
