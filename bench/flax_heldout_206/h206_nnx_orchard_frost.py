# label: same-values
# flax-error: none
# class: 1 FrostEnsemble.rollout runs the scan itself; it draws one key from self.rngs.frost() and the body splits that closed-over key each night instead of carrying it
"""Orchard frost protection: ensemble of overnight canopy temperature perturbations for wind-machine scheduling."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class FrostEnsemble(nnx.Module):
    def __init__(self, n_blocks: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, frost=seed + 1)
        self.radiative = nnx.Linear(3, n_blocks, rngs=self.rngs)
        self.spread = nnx.Param(jnp.full((n_blocks,), 0.8))

    def __call__(self, forecast):
        return -jax.nn.softplus(self.radiative(forecast))

    def rollout(self, forecast, nights: int):
        cooling = self(forecast)
        key = self.rngs.frost()

        def body(temps, _):
            night_key, key_next = jax.random.split(key)
            shock = self.spread[...] * jax.random.normal(night_key, temps.shape)
            return temps + cooling + shock, shock

        _, shocks = lax.scan(body, jnp.full(cooling.shape, 6.0), None, length=nights)
        return shocks


def main():
    ensemble = FrostEnsemble(n_blocks=5, seed=2)
    forecast = jnp.array([1.5, 0.2, 0.9])   # cloud-free index, wind m/s, dew point gap
    return ensemble.rollout(forecast, nights=7)
