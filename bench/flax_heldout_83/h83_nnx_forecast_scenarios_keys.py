# label: ok
# flax-error: none
# class: 2 a module-level helper splits one key from the forecaster's nnx.Rngs "noise" stream into per-scenario keys indexed in the fori_loop body
"""Demand forecaster scenario simulation for a replenishment planner: a helper draws noise
scenarios around the forecast with jax.lax.fori_loop, one key per scenario, scaled by the model's
learned noise scale."""
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
    keys = jax.random.split(model.rngs.noise(), n_scenarios)
    scale = jnp.exp(model.log_scale.value)

    def body(i, buf):
        return buf.at[i].set(scale * jax.random.normal(keys[i], (horizon,)))

    return jax.lax.fori_loop(0, n_scenarios, body, jnp.zeros((n_scenarios, horizon)))


def main():
    model = Forecaster(5, 7, nnx.Rngs(params=0, noise=1))
    return simulate_noise(model, 8, 7)
