# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the kiln controller's own run method scans over the hourly set points and increments its burn_hours Variable inside the scan body
"""Hourly heater control of a hop drying kiln, written with Flax NNX."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class DryingProgram:
    name: str
    set_points_c: tuple[float, ...]


class KilnController(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.heater = nnx.Linear(sensors, sensors, rngs=rngs)
        self.burn_hours = nnx.Variable(jnp.zeros((), jnp.int32))
        self.gain = nnx.Param(jnp.full((sensors,), 0.2))

    def run(self, air: jax.Array, set_points: jax.Array) -> tuple[jax.Array, jax.Array]:
        def hour(air, target):
            error = target - air
            air = air + self.gain[...] * jnp.tanh(self.heater(error))
            self.burn_hours[...] += 1
            return air, jnp.abs(error).mean()

        return jax.lax.scan(hour, air, set_points)


class KilnFloor:
    def __init__(self, controller: KilnController, sensors: int):
        self.controller = controller
        self.sensors = sensors

    def dry(self, program: DryingProgram, start_c: float) -> jax.Array:
        air = jnp.full((self.sensors,), start_c / 100.0)
        targets = jnp.asarray(program.set_points_c)[:, None] / 100.0 * jnp.ones((1, self.sensors))
        _, errors = self.controller.run(air, targets)
        return errors


def main():
    floor = KilnFloor(KilnController(4, rngs=nnx.Rngs(0)), sensors=4)
    program = DryingProgram("aroma-hops", (55.0, 58.0, 60.0, 63.0, 63.0))
    errors = floor.dry(program, start_c=40.0)
    jax.block_until_ready((errors, floor.controller.burn_hours[...]))
    return None
