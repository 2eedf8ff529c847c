# label: ok
# flax-error: none
# class: 2 the local NNX model of forecast_drift is nnx.split outside; its state (Rngs counts included) is carried through the fori_loop
"""Hot-air balloon operations: sampled wind-drift vectors for a launch site, one per ensemble member."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DriftModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.wind = nnx.Linear(4, 24, rngs=rngs)  # surface wind, 500 m wind, temperature, pressure
        self.noise = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(24, 2, rngs=rngs)  # east / north drift in km per hour

    def __call__(self, x):
        return self.out(self.noise(nnx.gelu(self.wind(x))))


def forecast_drift(site_obs, members=6, seed=0):
    model = DriftModel(nnx.Rngs(params=seed, dropout=seed + 1))
    graphdef, state = nnx.split(model)
    ensemble = jnp.zeros((members, 2))

    def member(i, carry):
        state, ensemble = carry
        sampler = nnx.merge(graphdef, state)
        ensemble = ensemble.at[i].set(sampler(site_obs))
        return nnx.state(sampler), ensemble

    state, ensemble = lax.fori_loop(0, members, member, (state, ensemble))
    nnx.update(model, state)
    return ensemble


def main():
    site_obs = jnp.array([3.2, 7.5, 11.0, 1013.0 / 1000.0])
    return forecast_drift(site_obs)
