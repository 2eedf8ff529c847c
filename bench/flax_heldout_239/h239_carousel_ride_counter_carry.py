# label: ok
# flax-error: none
# class: 3 the fori_loop body applies MaintenanceScheduler.model with mutable maintenance; the variables start from the scheduler's attribute, ride in the carry and are stored back after the loop
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
        def day(_, carry):
            variables, load = carry
            wear, updates = self.model.apply(variables, speed, mutable=["maintenance"])
            return {**variables, **updates}, load + wear.sum()

        self.variables, load = fori_loop(0, days, day, (self.variables, jnp.zeros(())))
        return load

    def rotations(self):
        return self.variables["maintenance"]["rotations"]


def main():
    scheduler = MaintenanceScheduler(horses=6)
    speed = jnp.full((6,), 0.8)
    load = scheduler.simulate(speed, days=5)
    jax.block_until_ready((load, scheduler.rotations()))
    return None
