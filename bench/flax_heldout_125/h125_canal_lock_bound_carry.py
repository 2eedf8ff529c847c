# label: ok
# flax-error: none
# class: 4 the water collection of ChamberModel, reached through LockService -> LockSimulator -> model.apply with the variables made by a builder, travels in the scan carry
"""Canal lock scheduling: a lock simulator fills and drains the chambers boat by boat.

A builder hands the simulator the chamber model and its variables; the water level is
threaded through the scan carry and returned with mutable=["water"].
"""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn


class ChamberModel(nn.Module):
    n_chambers: int = 2

    @nn.compact
    def __call__(self, boat):
        level = self.variable("water", "level", lambda: jnp.full((self.n_chambers,), 1.5))
        gate = nn.sigmoid(nn.Dense(self.n_chambers, name="gate")(boat))
        level.value = jnp.clip(level.value + gate - 0.4, 0.0, 3.0)
        return level.value


def build_chambers(n_chambers, key, sample_boat):
    model = ChamberModel(n_chambers)
    variables = model.init(key, sample_boat)
    return model, variables


@dataclass
class LockSimulator:
    model: nn.Module
    variables: dict
    log: list = field(default_factory=list)

    def pass_boats(self, boats):
        def lock_boat(carry, boat):
            wait, variables = carry
            level, updates = self.model.apply(variables, boat, mutable=["water"])
            return (wait + jnp.abs(level - 1.5).sum(), {**variables, **updates}), level

        (total_wait, self.variables), levels = jax.lax.scan(
            lock_boat, (jnp.float32(0.0), self.variables), boats)
        self.log.append(total_wait)
        return levels


class LockService:
    def __init__(self, simulator):
        self.simulator = simulator

    def handle_convoy(self, boats):
        return self.simulator.pass_boats(boats)


def main():
    boats = jax.random.normal(jax.random.key(0), (7, 3))
    model, variables = build_chambers(2, jax.random.key(1), boats[0])
    service = LockService(LockSimulator(model, variables))
    service.handle_convoy(boats).block_until_ready()
    return None
