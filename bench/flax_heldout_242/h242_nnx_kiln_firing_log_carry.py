# label: ok
# flax-error: none
# class: 4 the while_loop body calls furnace.controller.element; the firing count rides in the loop state and is written to furnace.controller.log after the loop
"""Stained-glass kiln: each shelf load is ramped to its target temperature, cycling through the shelf layouts."""
from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

SHELF_LAYOUTS = (("rondels", 2.0), ("quarries", 2.6), ("lancets", 3.1))


class FiringLog(nnx.Module):
    def __init__(self):
        self.firings = nnx.Variable(jnp.zeros((), jnp.int32))


class ZoneController(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs):
        self.element = nnx.Linear(zones, zones, rngs=rngs)
        self.log = FiringLog()


class Furnace:
    def __init__(self, zones: int, seed: int):
        self.zones = zones
        self.controller = ZoneController(zones, nnx.Rngs(seed))

    def ramp_to(self, temps, target: float):
        def below(state):
            t, _ = state
            return t.mean() < target

        def ramp(state):
            t, ramps = state
            return t + 0.25 + 0.1 * nnx.softplus(self.controller.element(t)), ramps + 1

        temps, ramps = while_loop(below, ramp, (temps, jnp.zeros((), jnp.int32)))
        self.controller.log.firings[...] += ramps
        return temps


def fire_loads(furnace: Furnace, loads: int):
    finals = []
    for layout, target in itertools.islice(itertools.cycle(SHELF_LAYOUTS), loads):
        room = jnp.zeros((2, furnace.zones))
        finals.append(furnace.ramp_to(room, target))
    return jnp.stack(finals)


def main():
    furnace = Furnace(zones=3, seed=4)
    finals = fire_loads(furnace, loads=4)
    jax.block_until_ready((finals, furnace.controller.log.firings[...]))
    return None
