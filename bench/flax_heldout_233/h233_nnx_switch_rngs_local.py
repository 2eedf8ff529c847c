# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 sample_drift()'s local nnx.Rngs is drawn from directly inside the scan body
"""Rail switch heaters: samples thermocouple drift on a heater string for maintenance scheduling."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ThermocoupleString(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.bias = nnx.Linear(sensors, sensors, rngs=rngs)

    def __call__(self, temps, noise):
        return self.bias(temps) + noise


def sample_drift(sensors: int, days: int, seed: int = 0):
    rngs = nnx.Rngs(params=seed, drift=seed + 1)
    string = ThermocoupleString(sensors, rngs)
    temps = jnp.full((sensors,), -5.0)

    def day(carry, _):
        noise = 0.2 * jax.random.normal(rngs.drift(), (sensors,))
        reading = string(temps, noise)
        return carry, reading

    _, readings = lax.scan(day, None, None, length=days)
    return readings


def main():
    return sample_drift(sensors=4, days=6)
