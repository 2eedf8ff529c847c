# label: trace-context
# flax-error: TraceContextError: Cannot mutate PeakTemperature from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 KilnController.fire runs the scan itself and writes self.peak, a PeakTemperature Variable subclass, in the body
"""Firing-schedule supervision for a ceramics kiln.

The controller predicts the ware temperature from the thermocouple segment readings and keeps the
peak temperature reached, which the kiln log stores with every firing.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PeakTemperature(nnx.Variable):
    """Highest predicted ware temperature of the current firing (not trained)."""


class KilnController(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs):
        self.ware = nnx.Linear(zones, 1, rngs=rngs)
        self.peak = PeakTemperature(jnp.zeros(()))

    def predict(self, thermocouples):
        return 1000.0 * nnx.sigmoid(self.ware(thermocouples))[..., 0]

    def fire(self, schedule):
        def segment(heat_work, thermocouples):
            temp = self.predict(thermocouples)
            self.peak[...] = jnp.maximum(self.peak[...], temp.max())
            return heat_work + temp.mean(), temp

        return lax.scan(segment, jnp.zeros(()), schedule)


def main():
    schedule = jax.random.normal(jax.random.key(61), (9, 4, 3))  # segments x readings x zones
    kiln = KilnController(3, nnx.Rngs(0))
    heat_work, temps = kiln.fire(schedule)
    jax.block_until_ready((heat_work, temps, kiln.peak[...]))
    return None
