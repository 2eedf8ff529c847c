# label: ok
# flax-error: none
# class: 2 a key drawn from the nnx.Rngs 'sensor' stream in perturb_schedule is split into per-step keys that the scan body gets as xs
"""Tram overhead line icing: robustness schedule for the wire-temperature sensor
model, perturbing the sensor reading once per schedule step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class WireTemperature(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.calib = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, reading):
        return self.calib(reading)[..., 0]


def perturb_schedule(model: WireTemperature, rngs: nnx.Rngs, reading, steps: int):
    key = rngs.sensor()

    def body(carry, scale_key):
        scale, step_key = scale_key
        noise = scale * jax.random.normal(step_key, reading.shape)
        shift = model(reading + noise) - model(reading)
        return carry, shift

    scales = jnp.full((steps,), 0.1)
    _, shifts = scan(body, None, (scales, jax.random.split(key, steps)))
    return shifts


def main():
    rngs = nnx.Rngs(params=0, sensor=3)
    model = WireTemperature(rngs)
    reading = jnp.array([-1.5, 0.8])  # thermistor, ambient
    return perturb_schedule(model, rngs, reading, steps=7)
