# label: same-values
# flax-error: none
# class: 5 the builder's make_step() factory closes over the heater model and a jitter key; the fori_loop body calls that step
"""Rail switch heaters: sensor-jitter simulation for heater thermostat tuning, configured by a builder."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class ThermostatHeater(nnx.Module):
    def __init__(self, switches: int, rngs: nnx.Rngs):
        self.gain = nnx.Linear(switches, switches, rngs=rngs)

    def __call__(self, rail_temp):
        return jax.nn.relu(self.gain(-rail_temp))


@dataclass
class JitterSimulation:
    heater: ThermostatHeater
    step: Callable
    steps: int
    switches: int

    def run(self, rail_temp):
        def body(i, readings):
            return readings.at[i].set(self.step(i, rail_temp))

        return fori_loop(0, self.steps, body, jnp.zeros((self.steps, self.switches)))


def make_step(heater: ThermostatHeater, key, noise_c: float):
    def step(i, rail_temp):
        sensed = rail_temp + noise_c * jax.random.normal(key, rail_temp.shape)
        return heater(sensed)

    return step


class SimulationBuilder:
    def __init__(self):
        self._switches = 3
        self._seed = 0
        self._steps = 4
        self._noise_c = 0.5

    def with_switches(self, switches: int) -> "SimulationBuilder":
        self._switches = switches
        return self

    def with_seed(self, seed: int) -> "SimulationBuilder":
        self._seed = seed
        return self

    def with_steps(self, steps: int) -> "SimulationBuilder":
        self._steps = steps
        return self

    def with_noise(self, noise_c: float) -> "SimulationBuilder":
        self._noise_c = noise_c
        return self

    def build(self) -> JitterSimulation:
        rngs = nnx.Rngs(params=self._seed, jitter=self._seed + 1)
        heater = ThermostatHeater(self._switches, rngs)
        step = make_step(heater, rngs.jitter(), self._noise_c)
        return JitterSimulation(heater, step, self._steps, self._switches)


def main():
    sim = SimulationBuilder().with_switches(3).with_seed(5).with_steps(6).with_noise(0.8).build()
    rail_temp = jnp.array([-6.0, -4.5, -7.2])
    return sim.run(rail_temp)
