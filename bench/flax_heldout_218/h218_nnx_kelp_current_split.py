# label: ok
# flax-error: none
# class: 5 make_drift_step(model) is a factory returning a jax.checkpoint-wrapped step; drift_buoys draws one key from model.rngs.noise() before the scan and splits it into per-hour keys that enter as xs
"""Kelp farm currents: roll out buoy drift under a learned current field with stochastic gusts."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class CurrentField(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.field = nnx.Linear(2, 2, rngs=rngs)
        self.rngs = rngs

    def __call__(self, position, key):
        gust = 0.05 * jax.random.normal(key, position.shape)
        return jnp.tanh(self.field(position)) + gust


def make_drift_step(model: CurrentField, dt: float):
    @functools.partial(jax.checkpoint, prevent_cse=False)
    def step(position, hour_key):
        velocity = model(position, hour_key)
        position = position + dt * velocity
        return position, position

    return step


def drift_buoys(model, start, hours):
    step = make_drift_step(model, dt=0.25)
    hour_keys = jax.random.split(model.rngs.noise(), hours)
    _, track = lax.scan(step, start, hour_keys)
    return track


def main():
    model = CurrentField(nnx.Rngs(params=0, noise=3))
    buoys = jnp.asarray([[0.0, 1.0], [0.5, -0.5], [1.0, 0.0]])
    return drift_buoys(model, buoys, hours=6)
