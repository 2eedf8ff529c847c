# label: ok
# flax-error: none
# class: 5 the fori_loop body is functools.partial of a module-level helper bound to the module; the odometer reading is threaded through the carry and the ledger stores the new total
"""Wheel wear ledger for the tram depot: each tram's duty is split into route legs, and the
kilometres of each leg, weighted by curvature and gradient, are added to its wear odometer."""

import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

LEG_FEATURES = 4


class WheelWearModel(nn.Module):
    def setup(self):
        self.severity = nn.Dense(1)
        self.odometer = self.variable("wear", "km", lambda: jnp.zeros(()))

    def leg_wear(self, leg):
        return jax.nn.softplus(self.severity(leg))[0]

    def __call__(self, leg):
        return self.leg_wear(leg)

    def run_duty(self, legs):
        body = functools.partial(_advance, model=self, legs=legs)
        return fori_loop(0, legs.shape[0], body, self.odometer.value)


def _advance(i, odometer_km, *, model, legs):
    return odometer_km + model.leg_wear(legs[i])


class WearLedger:
    def __init__(self, model: WheelWearModel, variables):
        self.model = model
        self.variables = variables

    def book_duty(self, legs):
        odometer_km = self.model.apply(self.variables, legs, method=WheelWearModel.run_duty)
        self.variables = {**self.variables, "wear": {"km": odometer_km}}
        return odometer_km


def duty_legs(tram_id: int, count: int = 6):
    return jax.random.uniform(jax.random.key(tram_id), (count, LEG_FEATURES))


def main():
    model = WheelWearModel()
    variables = model.init(jax.random.key(0), jnp.zeros((LEG_FEATURES,)))
    ledger = WearLedger(model, variables)
    odometer_km = ledger.book_duty(duty_legs(tram_id=17))
    jax.block_until_ready(odometer_km)
    return None
