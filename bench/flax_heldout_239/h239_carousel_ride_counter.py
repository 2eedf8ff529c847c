# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "rotations" in "/" because collection "maintenance" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body applies MaintenanceScheduler.model with the scheduler's variables attribute, and RideCounter writes its maintenance collection
"""Rotation bookkeeping for the carousel maintenance scheduler."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import fori_loop


class RideCounter(linen.Module):
    horses: int

    @linen.compact
    def __call__(self, speed):
        rotations = self.variable("maintenance", "rotations", jnp.zeros, (self.horses,))
        wear = linen.Dense(self.horses, name="wear")(speed)
        if not self.is_initializing():
            rotations.value = rotations.value + jnp.abs(wear)
        return wear


class MaintenanceScheduler:
    def __init__(self, horses: int, seed: int = 4):
        self.model = RideCounter(horses)
        self.variables = self.model.init(jax.random.key(seed), jnp.ones((horses,)))

    def simulate(self, speed, days: int):
        def day(_, load):
            wear = self.model.apply(self.variables, speed)
            return load + wear.sum()

        return fori_loop(0, days, day, jnp.zeros(()))

    def rotations(self):
        return self.variables["maintenance"]["rotations"]


def main():
    scheduler = MaintenanceScheduler(horses=6)
    speed = jnp.full((6,), 0.8)
    load = scheduler.simulate(speed, days=5)
    jax.block_until_ready((load, scheduler.rotations()))
    return None
