# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local nnx.metrics.Average in fermentation_report is updated directly inside the fori_loop body
"""Brewery fermentation tracking: hourly specific-gravity estimates for a batch, with a running average metric."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GravityModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.sensors = nnx.Linear(4, 8, rngs=rngs)
        self.gravity = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, reading):
        return 1.0 + 0.05 * nnx.sigmoid(self.gravity(nnx.tanh(self.sensors(reading))))[..., 0]


def fermentation_report(model, readings):
    gravity_avg = nnx.metrics.Average()
    hours = readings.shape[0]

    def hour(i, attenuation):
        g = model(readings[i])
        gravity_avg.update(values=g)
        return attenuation + jnp.mean(1.06 - g)

    attenuation = lax.fori_loop(0, hours, hour, jnp.zeros(()))
    return {"attenuation": attenuation, "mean_gravity": gravity_avg.compute()}


def main():
    readings = jax.random.normal(jax.random.key(0), (12, 3, 4))  # hours, fermenters, (temp, pressure, co2, ph)
    report = fermentation_report(GravityModel(nnx.Rngs(0)), readings)
    jax.block_until_ready(report)
    return None
