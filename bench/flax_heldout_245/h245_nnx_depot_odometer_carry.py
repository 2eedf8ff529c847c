# label: ok
# flax-error: none
# class: 1 the tram's own run_shift method runs the scan; the odometer reading is threaded through the carry and written to its Odometer variable after the loop
"""Energy model of a low-floor tram for the depot's shift planning: for each leg of a shift the
traction energy is predicted, and the tram keeps its own odometer for the maintenance plan."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

LEG_FEATURES = 3


class Odometer(nnx.Variable):
    pass


class TramEnergyModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.traction = nnx.Linear(LEG_FEATURES, 1, rngs=rngs)
        self.odometer = Odometer(jnp.zeros(()))

    def leg_energy(self, leg):
        return nnx.softplus(self.traction(leg))[0]

    def run_shift(self, legs):
        def drive_leg(carry, leg):
            energy, km = carry
            return (energy + self.leg_energy(leg), km + leg[0]), None

        (energy, km), _ = lax.scan(drive_leg, (jnp.zeros(()), self.odometer.value), legs)
        self.odometer.value = km
        return energy


def shift_legs(count: int = 6):
    lengths = jnp.linspace(0.8, 2.4, count)
    gradients = jnp.sin(jnp.arange(count, dtype=jnp.float32))
    stops = jnp.full((count,), 3.0)
    return jnp.stack([lengths, gradients, stops], axis=1)


def main():
    tram = TramEnergyModel(nnx.Rngs(4))
    energy = tram.run_shift(shift_legs())
    jax.block_until_ready((energy, tram.odometer.value))
    return None
