# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_heater_step() closes over the model, its variables and a store dict; the fori_loop body is that closure
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


def make_heater_step(model: HeaterController, variables, store: dict, ambient: float):
    def step(_, rail_temp):
        duty, mutated = model.apply(variables, rail_temp, mutable=["cache"])
        store["cache"] = mutated["cache"]
        return rail_temp + 1.5 * duty - 0.2 * (rail_temp - ambient)

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
    store = {"cache": variables["cache"]}
    step = make_heater_step(model, variables, store, profile.ambient_c)
    final_temp = fori_loop(0, profile.quarter_hours, step, start)
    return final_temp, HeaterReport.from_cache(store["cache"])


def main():
    final_temp, report = simulate_night(YardProfile())
    jax.block_until_ready((final_temp, report.energy_kwh, report.peak_duty))
    return None
