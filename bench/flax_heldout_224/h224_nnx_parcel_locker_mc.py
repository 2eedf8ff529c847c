# label: same-values
# flax-error: none
# class: 5 a factory returns functools.partial(_mc_forward, model, key=...) with one dropout key drawn from the model's nnx.Rngs; the scan body calls that step for every sample
"""Parcel locker network: Monte Carlo dropout forecast of next-day compartment demand per locker bank."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class LockerDemandNet(nnx.Module):
    def __init__(self, n_features, n_banks, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.out = nnx.Linear(24, n_banks, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x, *, rngs=None):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(x)), rngs=rngs))) * 30.0


def _mc_forward(model, features, *, key):
    return model(features, rngs=key)


def make_mc_step(model):
    """Returns the sampling step used by the forecasting job."""
    return functools.partial(_mc_forward, model, key=model.rngs.dropout())


class DemandForecastJob:
    def __init__(self, step, n_samples):
        self.step = step
        self.n_samples = n_samples

    def run(self, features):
        def sample(carry, _):
            demand = self.step(features)
            return carry, demand

        _, draws = jax.lax.scan(sample, None, None, length=self.n_samples)
        return draws


def main():
    features = jnp.array([0.7, 0.2, 1.0, 0.0, 0.35])  # weekday, rain, promo, holiday, backlog
    model = LockerDemandNet(5, 3, rngs=nnx.Rngs(0, dropout=1))
    job = DemandForecastJob(make_mc_step(model), n_samples=8)
    return job.run(features)
