# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "km" in "/" because collection "wear" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the fori_loop body is functools.partial of a module-level helper bound to the module, which writes its wear odometer while the ledger applies without a mutable wear collection
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
        return fori_loop(0, legs.shape[0], body, jnp.zeros(()))


def _advance(i, duty_km, *, model, legs):
    km = model.leg_wear(legs[i])
    model.odometer.value = model.odometer.value + km
    return duty_km + km


class WearLedger:
    def __init__(self, model: WheelWearModel, variables):
        self.model = model
        self.variables = variables

    def book_duty(self, legs):
        return self.model.apply(self.variables, legs, method=WheelWearModel.run_duty)


def duty_legs(tram_id: int, count: int = 6):
    return jax.random.uniform(jax.random.key(tram_id), (count, LEG_FEATURES))


def main():
    model = WheelWearModel()
    variables = model.init(jax.random.key(0), jnp.zeros((LEG_FEATURES,)))
    ledger = WearLedger(model, variables)
    duty_km = ledger.book_duty(duty_legs(tram_id=17))
    jax.block_until_ready(duty_km)
    return None
