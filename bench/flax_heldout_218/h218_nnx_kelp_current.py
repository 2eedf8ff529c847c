# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_drift_step(model) is a factory returning a jax.checkpoint-wrapped step that pulls a key from model.rngs.noise() (an nnx.Rngs stream stored on the model) inside the scan body
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
    def step(position, _):
        velocity = model(position, model.rngs.noise())
        position = position + dt * velocity
        return position, position

    return step


def drift_buoys(model, start, hours):
    step = make_drift_step(model, dt=0.25)
    _, track = lax.scan(step, start, None, length=hours)
    return track


def main():
    model = CurrentField(nnx.Rngs(params=0, noise=3))
    buoys = jnp.asarray([[0.0, 1.0], [0.5, -0.5], [1.0, 0.0]])
    return drift_buoys(model, buoys, hours=6)
