# label: ok
# flax-error: none
# class: 5 OccupancySampler keeps functools.partial(model.apply, variables); the dropout keys are split before the fori_loop and the body passes keys[i]
"""Parking-garage occupancy forecaster with Monte-Carlo dropout intervals.

The city's parking service estimates uncertainty by running the forecaster
several times with dropout enabled and keeping every sample.
"""
import functools
import types

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

SETTINGS = types.SimpleNamespace(samples=6, dropout_rate=0.3, levels=4)


class OccupancyNet(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, sensors, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(sensors))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(SETTINGS.levels)(h))


class OccupancySampler:
    def __init__(self, model, variables, key):
        self.sample_fn = functools.partial(model.apply, variables, deterministic=False)
        self.key = key

    def draw(self, sensors):
        out = jnp.zeros((SETTINGS.samples, SETTINGS.levels))
        keys = jax.random.split(self.key, SETTINGS.samples)

        def body(i, out):
            return out.at[i].set(self.sample_fn(sensors, rngs={"dropout": keys[i]}))

        return lax.fori_loop(0, SETTINGS.samples, body, out)


def main():
    model = OccupancyNet(SETTINGS.dropout_rate)
    sensors = jnp.linspace(0.0, 1.0, 8)
    variables = model.init(jax.random.key(0), sensors)
    sampler = OccupancySampler(model, variables, jax.random.key(11))
    return sampler.draw(sensors)
