# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 monitor_batch binds the model with mutable=['intermediates'] into a local probe; the scan body calls probe, which sows its attenuation estimate into the bound scope
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
    probe = model.bind(variables, mutable=["intermediates"])

    def body(previous, reading):
        gravity = probe(reading)
        return gravity, gravity - previous

    final_gravity, drops = jax.lax.scan(body, jnp.asarray(model.original_gravity), readings)
    sown = probe.variables["intermediates"]["attenuation"]
    return final_gravity, drops, jnp.stack(sown)


def main():
    model = AttenuationModel()
    readings = jax.random.normal(jax.random.key(8), (14, 3))   # temp, pH, CO2 flow per day
    variables = model.init(jax.random.key(0), readings[0])
    variables = {"params": variables["params"]}
    gravity, drops, attenuation = monitor_batch(model, variables, readings)
    float(attenuation.max())
    return None
