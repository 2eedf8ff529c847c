# label: ok
# flax-error: none
# class: 2 a local nnx.metrics.Average in fermentation_report is nnx.split before the fori_loop, merged and updated in the body, and nnx.update-d afterwards
"""Brewery fermentation tracking: hourly specific-gravity estimates for a batch, with a running average metric.

The metric's state is split off, carried through the fori_loop and written back with nnx.update.
"""
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
    metric_def, metric_state = nnx.split(gravity_avg)
    hours = readings.shape[0]

    def hour(i, carry):
        attenuation, metric_state = carry
        metric = nnx.merge(metric_def, metric_state)
        g = model(readings[i])
        metric.update(values=g)
        return attenuation + jnp.mean(1.06 - g), nnx.state(metric)

    attenuation, metric_state = lax.fori_loop(0, hours, hour, (jnp.zeros(()), metric_state))
    nnx.update(gravity_avg, metric_state)
    return {"attenuation": attenuation, "mean_gravity": gravity_avg.compute()}


def main():
    readings = jax.random.normal(jax.random.key(0), (12, 3, 4))  # hours, fermenters, (temp, pressure, co2, ph)
    report = fermentation_report(GravityModel(nnx.Rngs(0)), readings)
    jax.block_until_ready(report)
    return None
