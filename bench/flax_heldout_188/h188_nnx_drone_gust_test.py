# label: same-values
# flax-error: none
# class: 4 the scan body samples a gust from self.scenario.wind with self.scenario.gust_key, a key drawn once from the scenario's nnx.Rngs "wind" stream when it was built
"""Drone flight-controller testing: the hardware-in-the-loop harness perturbs every control
tick with a wind gust from the scenario's wind field and records the gusts with the flight log."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class WindField(nnx.Module):
    def __init__(self, intensity):
        self.intensity = nnx.Param(jnp.asarray(intensity))

    def sample(self, key):
        return self.intensity[...] * jax.random.normal(key, self.intensity.shape)


class AttitudeController(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.gain = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, attitude_error):
        return -jnp.tanh(self.gain(attitude_error))


class Scenario:
    def __init__(self, name: str, seed: int):
        self.name = name
        self.rngs = nnx.Rngs(wind=seed)
        self.wind = WindField([0.6, 0.6, 0.2])
        self.gust_key = self.rngs.wind()


class FlightTest:
    def __init__(self, scenario: Scenario, controller: AttitudeController):
        self.scenario = scenario
        self.controller = controller

    def fly(self, ticks: int):
        def tick(attitude, _):
            gust = self.scenario.wind.sample(self.scenario.gust_key)
            command = self.controller(attitude + gust)
            return attitude + 0.05 * command + gust, gust

        _, gusts = lax.scan(tick, jnp.zeros(3), None, length=ticks)
        return gusts


def main():
    test = FlightTest(Scenario("coastal-crosswind", seed=3), AttitudeController(nnx.Rngs(0)))
    return test.fly(ticks=10)
