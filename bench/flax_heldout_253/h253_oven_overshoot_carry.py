# label: ok
# flax-error: none
# class: 1 the oven module runs fori_loop itself, threads the overshoot count through the carry and writes it after the loop
"""Thermal ramp model for a tunnel-oven line, with per-zone overshoot telemetry."""
import dataclasses

import jax
from jax import lax
from jax import numpy as jnp
import flax.linen as nn


class OvenThermalModel(nn.Module):
    zones: int
    ramp_steps: int
    ambient: float = 20.0

    @nn.compact
    def __call__(self, setpoint):
        gain = self.param("gain", nn.initializers.constant(0.3), (self.zones,))
        leak = self.param("leak", nn.initializers.constant(0.02), (self.zones,))
        overshoot = self.variable(
            "telemetry", "overshoot_ticks", lambda: jnp.zeros((self.zones,), jnp.int32)
        )

        def tick(_, carry):
            temp, ticks = carry
            temp = temp + gain * (setpoint - temp) - leak * (temp - self.ambient)
            return temp, ticks + (temp > setpoint * 0.97).astype(jnp.int32)

        start = jnp.full((self.zones,), self.ambient)
        temp, ticks = lax.fori_loop(0, self.ramp_steps, tick, (start, overshoot.value))
        overshoot.value = ticks
        return temp


@dataclasses.dataclass
class BakeRequest:
    product: str
    setpoints: tuple


@dataclasses.dataclass
class BakeSession:
    request: BakeRequest
    final_temps: object = None
    overshoot: object = None


class BakeryLine:
    def __init__(self, zones: int = 4, ramp_steps: int = 12):
        self.model = OvenThermalModel(zones=zones, ramp_steps=ramp_steps)
        self.variables = self.model.init(jax.random.key(0), jnp.full((zones,), 180.0))

    def run(self, request: BakeRequest) -> BakeSession:
        setpoint = jnp.asarray(request.setpoints, jnp.float32)
        temps, updated = self.model.apply(self.variables, setpoint, mutable=["telemetry"])
        self.variables = {**self.variables, **updated}
        session = BakeSession(request, final_temps=temps)
        session.overshoot = self.variables["telemetry"]["overshoot_ticks"].sum()
        return session


def main():
    line = BakeryLine()
    sessions = [
        line.run(BakeRequest("rye", (210.0, 220.0, 230.0, 200.0))),
        line.run(BakeRequest("brioche", (170.0, 175.0, 180.0, 160.0))),
    ]
    jax.block_until_ready([(s.final_temps, s.overshoot) for s in sessions])
    return None
