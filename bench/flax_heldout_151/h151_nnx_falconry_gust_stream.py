# label: same-values
# flax-error: none
# class: 2 a key drawn from the simulator's nnx.Rngs 'gusts' stream into a local of simulate is closed over by the scan body
"""Falconry flight-training wind simulator.

Trainers rehearse a falcon's flight against simulated gusts. Scenarios
register themselves by name; each scales the learned gust field. For every
wing-beat interval the simulator draws a gust vector from the simulator's
nnx.Rngs 'gusts' stream.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

SCENARIOS = {}


def scenario(name):
    def register(fn):
        SCENARIOS[name] = fn
        return fn
    return register


@scenario("thermal")
def thermal(scale):
    return scale * 1.5


@scenario("coastal")
def coastal(scale):
    return scale * 0.8


@dataclass(frozen=True)
class FlightConfig:
    intervals: int = 6
    axes: int = 3


class GustField(nnx.Module):
    def __init__(self, config: FlightConfig, rngs: nnx.Rngs):
        self.log_scale = nnx.Param(jnp.zeros((config.axes,)))

    def scale(self):
        return nnx.softplus(self.log_scale[...])


class FlightSimulator:
    def __init__(self, config: FlightConfig, seed: int):
        self.config = config
        self.rngs = nnx.Rngs(params=seed, gusts=seed + 1)
        self.field = GustField(config, self.rngs)

    def simulate(self, scenario_name):
        scale = SCENARIOS[scenario_name](self.field.scale())
        gust_key = self.rngs.gusts()

        def interval(carry, _):
            gust = scale * jax.random.normal(gust_key, (self.config.axes,))
            return carry, gust

        _, gusts = scan(interval, None, None, length=self.config.intervals)
        return gusts


def main():
    simulator = FlightSimulator(FlightConfig(), seed=5)
    return simulator.simulate("thermal")
