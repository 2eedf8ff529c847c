# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "litres_sprayed" in "/meter" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body in DeicingRig calls self.meter, a SprayMeter submodule that adds the sprayed litres to its telemetry variable
from __future__ import annotations

import functools
from dataclasses import dataclass

import flax.linen as fnn
import jax
import jax.numpy as jnp
from jax.lax import fori_loop


@dataclass(frozen=True)
class AircraftType:
    code: str
    wing_area_m2: float
    passes: int = 4


class SprayMeter(fnn.Module):
    @fnn.compact
    def __call__(self, litres):
        calibration = self.param("calibration", fnn.initializers.ones, ())
        sprayed = self.variable("telemetry", "litres_sprayed", lambda: jnp.zeros((), jnp.float32))
        measured = litres * calibration
        sprayed.value = sprayed.value + jnp.sum(measured)
        return measured


class DeicingRig(fnn.Module):
    passes: int = 4

    def setup(self):
        self.nozzle = fnn.Dense(1)
        self.meter = SprayMeter()

    def warm_up(self, ice):
        return self.meter(self.nozzle(ice)[..., 0])

    def __call__(self, ice):
        def spray_pass(i, remaining):
            litres = fnn.softplus(self.nozzle(remaining)[..., 0])
            metered = self.meter(litres)
            return remaining * (1.0 - 0.2 * jnp.tanh(metered))[..., None]

        return fori_loop(0, self.passes, spray_pass, ice)


class DeicingPad:
    def __init__(self, aircraft: AircraftType, seed: int = 2):
        self.aircraft = aircraft
        self.rig = DeicingRig(passes=aircraft.passes)
        probe = jnp.ones((2, 3), jnp.float32)
        self.variables = self.rig.init(jax.random.key(seed), probe, method=DeicingRig.warm_up)

    @functools.cached_property
    def ice_map(self):
        sections = jnp.array([[0.8, 0.3, 0.1], [0.6, 0.5, 0.2]], jnp.float32)
        return sections * (self.aircraft.wing_area_m2 / 120.0)

    def treat(self):
        return self.rig.apply(self.variables, self.ice_map)


def main():
    pad = DeicingPad(AircraftType("A320", wing_area_m2=122.6))
    remaining = pad.treat()
    jax.block_until_ready(remaining)
    return None
