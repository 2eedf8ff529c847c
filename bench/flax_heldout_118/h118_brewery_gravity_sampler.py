# label: same-values
# flax-error: none
# class: 5 the GravityEstimator keeps functools.partial(model.apply, variables, rngs={'dropout': key}) on itself; the scan body calls that partial for each sample
"""Brewery fermentation tracking: estimate the final gravity of a batch from hydrometer
and temperature logs, with a Monte-Carlo-dropout band that the brewer sees on the tank
display. Estimators are built per fermentation tank by the cellar service."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GravityNet(nn.Module):
    @nn.compact
    def __call__(self, log, deterministic: bool = True):
        h = nn.gelu(nn.Dense(24)(log))
        h = nn.Dropout(0.2, deterministic=deterministic)(h)
        return 1.0 + 0.02 * nn.sigmoid(nn.Dense(1)(h))[..., 0]  # specific gravity


class GravityEstimator:
    def __init__(self, model, variables, key):
        self.predict = functools.partial(model.apply, variables, deterministic=False, rngs={"dropout": key})

    def band(self, log, n_samples):
        def one(carry, index):
            return carry, self.predict(log)
        _, samples = lax.scan(one, None, jnp.arange(n_samples))
        return samples


class CellarService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.estimators = {}

    def estimator_for(self, tank):
        if tank not in self.estimators:
            key = jax.random.key(sum(map(ord, tank)))
            self.estimators[tank] = GravityEstimator(self.model, self.variables, key)
        return self.estimators[tank]


def main():
    log = jax.random.normal(jax.random.key(0), (5,))  # og, day, temp, ph, co2 rate
    model = GravityNet()
    variables = model.init(jax.random.key(1), log)
    service = CellarService(model, variables)
    return service.estimator_for("FV-3").band(log, n_samples=7)
