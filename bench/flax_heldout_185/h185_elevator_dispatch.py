# label: same-values
# flax-error: none
# class: 3 the scan body of the simulation engine reads one ElevatorCar entity: car.policy.apply(car.params, ..., rngs={"explore": car.explore_key}) every tick
"""Tick-based simulation of an elevator bank; each car entity carries its own dispatch policy."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

FLOORS = 10


class DispatchPolicy(nn.Module):
    temperature: float = 0.5

    @nn.compact
    def __call__(self, demand, position):
        features = jnp.concatenate([demand, jax.nn.one_hot(position, FLOORS)])
        logits = nn.Dense(FLOORS)(nn.tanh(nn.Dense(32)(features)))
        jitter = self.temperature * jax.random.gumbel(self.make_rng("explore"), (FLOORS,))
        return jnp.argmax(logits + jitter), jitter


@dataclasses.dataclass
class ElevatorCar:
    policy: DispatchPolicy
    params: dict
    explore_key: jax.Array
    position: int = 0


class SimulationEngine:
    def __init__(self, car: ElevatorCar, ticks: int):
        self.car = car
        self.ticks = ticks

    def run(self, demand):
        car = self.car

        def tick(position, t):
            target, jitter = car.policy.apply(car.params, demand[t], position,
                                              rngs={"explore": car.explore_key})
            step = jnp.sign(target - position)
            return position + step, {"target": target, "jitter": jitter}

        final, trace = scan(tick, jnp.asarray(car.position), jnp.arange(self.ticks))
        car.position = int(final)
        return trace


def main():
    policy = DispatchPolicy()
    demand = jnp.ones((8, FLOORS)) / FLOORS  # steady lobby demand
    params = policy.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, demand[0], 0)
    car = ElevatorCar(policy, params, explore_key=jax.random.key(42))
    return SimulationEngine(car, ticks=8).run(demand)
