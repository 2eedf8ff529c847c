# label: ok
# flax-error: none
# class: 1 GlazeFiringModel.__call__ runs scan over the firing schedule; it draws self.make_rng("thermocouple") once before the loop, splits it per segment and feeds the keys in as scan inputs
"""Glaze firing simulator for a ceramics kiln, with simulated thermocouple noise."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class KilnProfile:
    zones: int = 5
    segments: int = 7
    noise_c: float = 3.0


class GlazeFiringModel(nn.Module):
    profile: KilnProfile

    @nn.compact
    def __call__(self, schedule):
        heater = nn.Dense(self.profile.zones, name="heater")
        temps0 = heater(schedule[0])
        keys = jax.random.split(self.make_rng("thermocouple"), schedule.shape[0])

        def ramp(temps, segment):
            setpoint, key = segment
            temps = 0.7 * temps + 0.3 * heater(setpoint)
            noise = self.profile.noise_c * jax.random.normal(key, temps.shape)
            return temps, noise

        _, thermocouple_error = scan(ramp, temps0, (schedule, keys))
        return thermocouple_error


class FiringRun:
    def __init__(self, profile: KilnProfile, seed: int = 0):
        self.model = GlazeFiringModel(profile)
        self.profile = profile
        self.seed = seed

    def calibrate(self, schedule):
        rngs = {"params": jax.random.key(self.seed), "thermocouple": jax.random.key(self.seed + 1)}
        self.variables = self.model.init(rngs, schedule)

    def fire(self, schedule, run_id: int):
        return self.model.apply(
            self.variables, schedule, rngs={"thermocouple": jax.random.key(1000 + run_id)})


def main():
    profile = KilnProfile()
    schedule = jnp.linspace(0.0, 1.0, profile.segments)[:, None] * jnp.ones((1, 3))
    run = FiringRun(profile)
    run.calibrate(schedule)
    return run.fire(schedule, run_id=3)
