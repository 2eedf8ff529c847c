# label: same-values
# flax-error: none
# class: 2 a module-level helper takes one key from the forecaster's nnx.Rngs "noise" stream and the fori_loop body reuses it for every scenario
"""Demand forecaster scenario simulation for a replenishment planner: a helper draws noise
scenarios around the forecast with jax.lax.fori_loop, scaled by the model's learned noise scale."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoiseScale(nnx.Param):
    pass


class Forecaster(nnx.Module):
    def __init__(self, n_feat, horizon, rngs: nnx.Rngs):
        self.head = nnx.Linear(n_feat, horizon, rngs=rngs)
        self.log_scale = NoiseScale(jnp.zeros((horizon,)))
        self.rngs = rngs

    def __call__(self, x):
        return self.head(x)


def simulate_noise(model: Forecaster, n_scenarios: int, horizon: int):
    key = model.rngs.noise()
    scale = jnp.exp(model.log_scale.value)

    def body(i, buf):
        return buf.at[i].set(scale * jax.random.normal(key, (horizon,)))

    return jax.lax.fori_loop(0, n_scenarios, body, jnp.zeros((n_scenarios, horizon)))


def main():
    model = Forecaster(5, 7, nnx.Rngs(params=0, noise=1))
    return simulate_noise(model, 8, 7)
