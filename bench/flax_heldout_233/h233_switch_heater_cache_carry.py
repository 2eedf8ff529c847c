# label: ok
# flax-error: none
# class: 5 make_heater_step() closes over the model and its params; the heater cache rides in the fori_loop carry
"""Rail switch heater controller: simulates an overnight cold snap across a yard's switches."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class HeaterController(nn.Module):
    switches: int

    @nn.compact
    def __call__(self, rail_temp):
        duty = nn.sigmoid(nn.Dense(self.switches, name="duty_head")(rail_temp))
        last = self.variable("cache", "last_duty", jnp.zeros, (self.switches,))
        energy = self.variable("cache", "energy_kwh", jnp.zeros, ())
        last.value = duty
        energy.value = energy.value + duty.sum() * 0.25
        return duty


@dataclasses.dataclass(frozen=True)
class YardProfile:
    switches: int = 3
    quarter_hours: int = 6
    ambient_c: float = -9.0


def make_heater_step(model: HeaterController, params, ambient: float):
    def step(_, carry):
        rail_temp, cache = carry
        duty, mutated = model.apply({"params": params, "cache": cache}, rail_temp, mutable=["cache"])
        warmed = rail_temp + 1.5 * duty - 0.2 * (rail_temp - ambient)
        return warmed, mutated["cache"]

    return step


@dataclasses.dataclass
class HeaterReport:
    energy_kwh: jnp.ndarray
    peak_duty: jnp.ndarray

    @classmethod
    def from_cache(cls, cache):
        return cls(cache["energy_kwh"] * 1.0, jnp.max(cache["last_duty"]))


def simulate_night(profile: YardProfile):
    model = HeaterController(profile.switches)
    start = jnp.full((profile.switches,), profile.ambient_c)
    variables = model.init(jax.random.key(11), start)
    step = make_heater_step(model, variables["params"], profile.ambient_c)
    final_temp, cache = fori_loop(0, profile.quarter_hours, step, (start, variables["cache"]))
    return final_temp, HeaterReport.from_cache(cache)


def main():
    final_temp, report = simulate_night(YardProfile())
    jax.block_until_ready((final_temp, report.energy_kwh, report.peak_duty))
    return None
