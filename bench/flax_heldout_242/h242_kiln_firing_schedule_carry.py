# label: ok
# flax-error: none
# class: 3 the FiringCurve module and its variables are attributes of a KilnController whose fori_loop body applies them
"""Ramp controller for the stained-glass kiln: one ramp per fori_loop step."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FiringCurve(nn.Module):
    zones: int

    @nn.compact
    def __call__(self, temps):
        peak = self.variable("firing", "peak", lambda: jnp.zeros((self.zones,)))
        heat = nn.Dense(self.zones, name="element")(temps)
        temps = temps + 0.1 * jnp.tanh(heat)
        peak.value = jnp.maximum(peak.value, temps.max(axis=0))
        return temps


class KilnController:
    def __init__(self, curve: FiringCurve, variables, ramps: int):
        self.curve = curve
        self.variables = variables
        self.ramps = ramps

    @classmethod
    def commission(cls, zones: int, ramps: int, shelf, key):
        curve = FiringCurve(zones=zones)
        return cls(curve, curve.init(key, shelf), ramps)

    def fire(self, shelf):
        params = self.variables["params"]

        def ramp(_, state):
            temps, firing = state
            temps, updates = self.curve.apply(
                {"params": params, "firing": firing}, temps, mutable=["firing"]
            )
            return temps, updates["firing"]

        temps, firing = lax.fori_loop(0, self.ramps, ramp, (shelf, self.variables["firing"]))
        self.variables = {"params": params, "firing": firing}
        return temps

    @property
    def peak(self):
        return self.variables["firing"]["peak"]


def load_shelf(panes: int, zones: int):
    return jnp.linspace(0.0, 1.0, panes * zones).reshape(panes, zones)


def main():
    shelf = load_shelf(panes=3, zones=4)
    controller = KilnController.commission(zones=4, ramps=5, shelf=shelf, key=jax.random.key(7))
    fired = controller.fire(shelf)
    jax.block_until_ready((fired, controller.peak * 2.0))
    return None
