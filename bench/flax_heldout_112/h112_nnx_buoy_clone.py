# label: same-values
# flax-error: none
# class: 5 a factory returns the sampling step function; the step clones the served nnx model (nnx.clone) inside the fori_loop body and draws a dropout sample from the clone
"""Wave buoy network: significant wave height forecasts with Monte Carlo dropout bands.

The serving model must not be mutated by the sampler, so the sampler factory clones it in
every step and samples from the copy."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class WaveHeightNet(nnx.Module):
    def __init__(self, n_inputs, *, rngs):
        self.inp = nnx.Linear(n_inputs, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(self.drop(nnx.gelu(self.inp(x))))).squeeze(-1)  # metres


def make_band_sampler(model, features):
    def sample(i, buf):
        replica = nnx.clone(model)
        return buf.at[i].set(replica(features))

    return sample


class BuoyForecaster:
    def __init__(self, model, n_samples=6):
        self.model = model
        self.n_samples = n_samples

    def band(self, features):
        sampler = make_band_sampler(self.model, features)
        buf = jnp.zeros((self.n_samples, features.shape[0]))
        return fori_loop(0, self.n_samples, sampler, buf)


def main():
    # wind speed, wind direction sin/cos, fetch, last Hs, period, pressure tendency
    features = jax.random.normal(jax.random.key(0), (5, 7))
    model = WaveHeightNet(7, rngs=nnx.Rngs(params=0, dropout=1))
    forecaster = BuoyForecaster(model)
    return forecaster.band(features)
