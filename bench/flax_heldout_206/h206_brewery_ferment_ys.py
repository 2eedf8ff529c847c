# label: ok
# flax-error: none
# class: 2 monitor_batch applies the model inside the scan body with mutable=['intermediates'] and returns the sown attenuation estimate as the scan's per-step output
"""Brewery fermentation monitoring: specific-gravity readings from tank hydrometers."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class AttenuationModel(nn.Module):
    original_gravity: float = 1.052

    @nn.compact
    def __call__(self, reading):
        gravity = 1.0 + 0.05 * jax.nn.sigmoid(nn.Dense(1)(reading)[0])
        attenuation = (self.original_gravity - gravity) / (self.original_gravity - 1.0)
        self.sow("intermediates", "attenuation", attenuation)
        return gravity


def monitor_batch(model, variables, readings):
    def body(previous, reading):
        gravity, state = model.apply(variables, reading, mutable=["intermediates"])
        return gravity, (gravity - previous, state["intermediates"]["attenuation"][0])

    final_gravity, (drops, attenuation) = jax.lax.scan(body, jnp.asarray(model.original_gravity), readings)
    return final_gravity, drops, attenuation


def main():
    model = AttenuationModel()
    readings = jax.random.normal(jax.random.key(8), (14, 3))   # temp, pH, CO2 flow per day
    variables = model.init(jax.random.key(0), readings[0])
    variables = {"params": variables["params"]}
    gravity, drops, attenuation = monitor_batch(model, variables, readings)
    float(attenuation.max())
    return None
