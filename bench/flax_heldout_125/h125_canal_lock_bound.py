# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "level" in "/" because collection "water" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the water collection of ChamberModel, reached through LockService -> LockSimulator -> a model.bind(variables) handle made by a builder, is written in the scan body
"""Canal lock scheduling: a lock simulator fills and drains the chambers boat by boat.

A builder hands the simulator a bound chamber model so it can be called like a function.
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


def build_bound_chambers(n_chambers, key, sample_boat):
    model = ChamberModel(n_chambers)
    variables = model.init(key, sample_boat)
    return model.bind(variables)


@dataclass
class LockSimulator:
    chambers: nn.Module
    log: list = field(default_factory=list)

    def pass_boats(self, boats):
        def lock_boat(wait, boat):
            level = self.chambers(boat)
            return wait + jnp.abs(level - 1.5).sum(), level

        total_wait, levels = jax.lax.scan(lock_boat, jnp.float32(0.0), boats)
        self.log.append(total_wait)
        return levels


class LockService:
    def __init__(self, simulator):
        self.simulator = simulator

    def handle_convoy(self, boats):
        return self.simulator.pass_boats(boats)


def main():
    boats = jax.random.normal(jax.random.key(0), (7, 3))
    chambers = build_bound_chambers(2, jax.random.key(1), boats[0])
    service = LockService(LockSimulator(chambers))
    service.handle_convoy(boats).block_until_ready()
    return None
